// Breaks the layers: lib/ sits below the modules and may not import one.
import { getAlpha } from '../modules/alpha/alpha.service.js';

export const reachesModule = getAlpha;
