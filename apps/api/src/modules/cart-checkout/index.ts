import { modulePlugin } from '../../lib/module-plugin.js';
import { cartRoutes } from './cart.routes.js';
import { checkoutRoutes } from './checkout.routes.js';
import { couponsRoutes } from './coupons.routes.js';
import { taxRatesRoutes } from './tax-rates.routes.js';

/** Cart and checkout: the cart, quotes and placing an order, coupons, tax rates. */
export const cartCheckoutModule = modulePlugin([cartRoutes, checkoutRoutes, couponsRoutes, taxRatesRoutes]);
