// Breaks the workspace line: the shared package imports an app.
import { formatLabel } from '../../../apps/web/lint-fixtures/lib/format-label';

export const reachesWeb = formatLabel;
