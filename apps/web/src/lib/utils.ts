import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. There is deliberately no class-conflict merging (tailwind-merge would add ~8 KB to
 * every first page): components expose variants or props for what callers may change, and callers only
 * add classes that do not compete with a component's own.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
