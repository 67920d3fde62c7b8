import { first } from './cycle-first.js';

export const second = () => first;
