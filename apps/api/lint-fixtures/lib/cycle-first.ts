// Breaks the no-cycle rule together with cycle-second.ts.
import { second } from './cycle-second.js';

export const first = () => second;
