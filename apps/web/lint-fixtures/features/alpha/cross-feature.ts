// Breaks the layers: a feature imports another feature.
import { betaValue } from '../beta/beta-value';

export const crossFeature = betaValue;
