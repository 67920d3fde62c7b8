import { modulePlugin } from '../../lib/module-plugin.js';
import { installersRoutes } from './installers.routes.js';

/** Installers: a certified contractor's profile and where it works, and the public search by postal code. */
export const installersModule = modulePlugin([installersRoutes]);
