import { modulePlugin } from '../../lib/module-plugin.js';
import { brandsRoutes, categoriesRoutes, suppliersRoutes } from './catalogue.routes.js';
import { productsRoutes } from './products.routes.js';

/** The catalogue: categories, brands and suppliers, and products. */
export const catalogueModule = modulePlugin([categoriesRoutes, brandsRoutes, suppliersRoutes, productsRoutes]);
