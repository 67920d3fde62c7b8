// Allowed: one module calls another's service.
import { getAlpha } from '../alpha/alpha.service.js';

export const getBeta = (id: string) => getAlpha(id);
