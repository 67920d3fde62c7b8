// Allowed: a service reads its own module's repo and helpers.
import { alphaLimit } from './alpha-rules.js';
import { findAlpha } from './alpha.repo.js';

export const getAlpha = (id: string) => ({ ...findAlpha(id), limit: alphaLimit });
