// Breaks the layers: a feature imports app/.
import { pageTitle } from '../../app/page-title';

export const usesApp = pageTitle;
