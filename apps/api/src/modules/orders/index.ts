import { modulePlugin } from '../../lib/module-plugin.js';
import { orderChangesRoutes } from './order-changes.routes.js';
import { orderLinksRoutes } from './order-links.routes.js';
import { ordersRoutes } from './orders.routes.js';

/** Orders: reading and exporting them, a guest's order links, and their steps (ship, refund, cancel...). */
export const ordersModule = modulePlugin([ordersRoutes, orderLinksRoutes, orderChangesRoutes]);
