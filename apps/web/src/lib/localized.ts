import { localizedText } from '@meltway/shared/common/localized';
import { currentLanguage, type Language } from './i18n';

/** `localizedText` in the page's language unless told: a French page shows the French text where there is one. */
export const localized = <T extends string | null | undefined>(en: T, fr: string | null | undefined, language: Language = currentLanguage()): T | string =>
  localizedText(en, fr, language);

/** Whether content lacks some of its French: a written English text whose French is not written. */
export const lacksFrench = (...pairs: [en: string | null | undefined, fr: string | null | undefined][]) => pairs.some(([en, fr]) => !!en?.trim() && !fr?.trim());
