// Breaks the workspace line: the API imports the web's source.
import { formatLabel } from '../../../web/lint-fixtures/lib/format-label';

export const reachesWeb = formatLabel;
