import { currentLanguage, type Language } from './i18n';

/**
 * The text of content written in English with an optional French version beside it (`name` and
 * `nameFr`): a French page shows the French one where there is one, the English one otherwise.
 */
export function localized<T extends string | null | undefined>(en: T, fr: string | null | undefined, language: Language = currentLanguage()): T | string {
  return language === 'fr' && fr ? fr : en;
}

/** Whether content lacks some of its French: a written English text whose French is not written. */
export const lacksFrench = (...pairs: [en: string | null | undefined, fr: string | null | undefined][]) => pairs.some(([en, fr]) => !!en?.trim() && !fr?.trim());
