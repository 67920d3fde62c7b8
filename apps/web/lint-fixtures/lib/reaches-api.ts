// Breaks the workspace line: the web imports the API's source.
import { getAlpha } from '../../../api/lint-fixtures/modules/alpha/alpha.service';

export const reachesApi = getAlpha;
