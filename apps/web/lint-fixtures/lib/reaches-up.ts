// Breaks the layers: lib/ sits below features/ and may not import one.
import { betaValue } from '../features/beta/beta-value';

export const reachesUp = betaValue;
