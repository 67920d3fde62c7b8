import { modulePlugin } from '../../lib/module-plugin.js';
import { designRoutes } from './design.routes.js';
import { projectOutputsRoutes, projectsRoutes } from './projects.routes.js';
import { trackingRoutes } from './tracking.routes.js';

/** The layout generator, saved projects and their tracking. */
export const designModule = modulePlugin([designRoutes, projectsRoutes, projectOutputsRoutes, trackingRoutes]);
