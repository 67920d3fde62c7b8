import type { Language } from './language.js';

/**
 * The text of content written in English with an optional French version beside it (`name` and `nameFr`):
 * in French, the French one where there is one; the English one otherwise. No schema library here, so that a
 * page's first JavaScript can use it.
 */
export function localizedText<T extends string | null | undefined>(en: T, fr: string | null | undefined, language: Language): T | string {
  return language === 'fr' && fr ? fr : en;
}
