import { first } from './cycle-first';

export const second = () => first;
