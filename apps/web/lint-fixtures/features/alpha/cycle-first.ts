// Breaks the no-cycle rule together with cycle-second.ts.
import { second } from './cycle-second';

export const first = () => second;
