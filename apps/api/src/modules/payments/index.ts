import { modulePlugin } from '../../lib/module-plugin.js';
import { commissionRoutes } from './commission.routes.js';
import { creditRoutes } from './credit.routes.js';
import { paymentsRoutes } from './payments.routes.js';
import { transactionsRoutes } from './transactions.routes.js';

/** Payments: credit on account, transactions, dealers' commission and statements, card payments and their webhook. */
export const paymentsModule = modulePlugin([creditRoutes, transactionsRoutes, commissionRoutes, paymentsRoutes]);
