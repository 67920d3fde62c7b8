// Breaks the layers: a module imports another module's helper, which is not its service.
import { alphaLimit } from '../alpha/alpha-rules.js';

export const betaLimit = alphaLimit * 2;
