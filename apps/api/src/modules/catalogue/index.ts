import { modulePlugin } from '../../lib/module-plugin.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { productsRoutes } from './products.routes.js';

/** The catalogue: categories, brands and suppliers, and products. */
export const catalogueModule = modulePlugin([catalogueRoutes, productsRoutes]);
