// Allowed: app/ composes features.
import { alphaCard } from '../features/alpha/alpha-card';
import { betaValue } from '../features/beta/beta-value';

export const composed = [alphaCard, betaValue];
