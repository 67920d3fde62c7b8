// Allowed: a route calls its service.
import { getAlpha } from './alpha.service.js';

export const alphaRoute = (id: string) => getAlpha(id);
