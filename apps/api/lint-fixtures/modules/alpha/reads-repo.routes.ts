// Breaks the layers: a route reads a repo instead of calling a service.
import { findAlpha } from './alpha.repo.js';

export const readsRepo = (id: string) => findAlpha(id);
