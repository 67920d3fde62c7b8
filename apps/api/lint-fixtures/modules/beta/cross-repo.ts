// Breaks the layers: a module reads another module's repo.
import { findAlpha } from '../alpha/alpha.repo.js';

export const crossRepo = (id: string) => findAlpha(id);
