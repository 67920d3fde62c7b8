import { MAX_AREAS, MAX_CORNERS, MAX_EXCLUSIONS } from '@meltway/shared/design/design.schema';
import { jsonTextBytes, KB } from '../../lib/body-limits.js';

/** The longest a number JSON.stringify writes (`-1.2345678901234567e-300`). */
const NUMBER = 24;
/** Keys, brackets and commas of one exclusion or area around their values. */
const PUNCTUATION = 80;

const exclusion = jsonTextBytes(5) + 4 * NUMBER + PUNCTUATION;
const area = jsonTextBytes(60) + MAX_CORNERS * (2 * NUMBER + 3) + 2 * NUMBER + MAX_EXCLUSIONS * exclusion + PUNCTUATION;

/**
 * The largest honest body of a design (or a project, its name included): every area drawn with its most corners
 * and exclusions. About 170 KB; bodies that large are rare and read under the large-body bound.
 */
export const DESIGN_BODY_LIMIT = MAX_AREAS * area + jsonTextBytes(120, 60, 2) + 2 * KB;
