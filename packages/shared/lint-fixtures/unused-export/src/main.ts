import { used } from './helpers.js';

export const result = used();
