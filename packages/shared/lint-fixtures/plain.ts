// Allowed: the shared package imports its own files.
import { label } from './label.js';

export const plain = label;
