import { modulePlugin } from '../../lib/module-plugin.js';
import { accountDeletionRoutes } from './account-deletion.routes.js';
import { approvalsRoutes } from './approvals.routes.js';
import { dealersRoutes } from './dealers.routes.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { peopleRoutes } from './people.routes.js';
import { registrationRoutes } from './registration.routes.js';
import { sessionsRoutes } from './sessions.routes.js';

/** Accounts: sessions, password resets, registration, dealers, approvals, account deletion, people. */
export const accountsModule = modulePlugin([sessionsRoutes, passwordResetRoutes, registrationRoutes, dealersRoutes, approvalsRoutes, accountDeletionRoutes, peopleRoutes]);
