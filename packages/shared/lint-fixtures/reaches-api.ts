// Breaks the workspace line: the shared package imports an app.
import { getAlpha } from '../../../apps/api/lint-fixtures/modules/alpha/alpha.service.js';

export const reachesApi = getAlpha;
