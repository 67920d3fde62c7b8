import { modulePlugin } from '../../lib/module-plugin.js';
import { dashboardRoutes } from './dashboard.routes.js';

/** The dashboard home's figures. */
export const dashboardModule = modulePlugin([dashboardRoutes]);
