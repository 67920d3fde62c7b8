// Allowed: a feature imports its own files, components/ and lib/.
import { fancyButton } from '../../components/fancy-button';
import { formatLabel } from '../../lib/format-label';
import { alphaName } from './alpha-name';

export const alphaCard = `${fancyButton} ${formatLabel(alphaName)}`;
