import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Explained } from '@meltway/shared/design/design.schema';
import { engineParams, engineSentence, type EngineFormat } from '@meltway/shared/design/engine-texts';
import { formatPrice } from '@/lib/format';
import { formatNumber } from '@/lib/format-number';
import type { Language } from '@meltway/shared/common/language';

type Params = Record<string, string | number>;
type Sentence = Pick<Explained, 'code' | 'params' | 'text'>;

const engineLanguage = (language: string): Language => (language === 'fr' ? 'fr' : 'en');

/** How the reader writes an engine sentence's params: numbers and money in the reader's locale, design messages from the design namespace. */
function readerFormat(t: TFunction, language: string): EngineFormat {
  return {
    number: (value) => formatNumber(value, language),
    money: (cents) => formatPrice(cents, language),
    message: (key, params, english) => t(`design:messages.${key}`, { ...params, defaultValue: english }),
  };
}

/**
 * A message of the design domain by its key, in the reader's language, with its params; English `text` when
 * the key is unknown here.
 */
export function designMessageText(t: TFunction, key: string, params: Params, text: string, language: string): string {
  return t(`design:messages.${key}`, { ...localParams(t, params, language), defaultValue: text });
}

/**
 * The params of a sentence written the reader's way (the shared `engineParams`): numbers in the reader's
 * notation, amounts that come with their cents in the reader's currency format, the engine's words translated,
 * and a `reason` that is a design message (`reasonCode`) in the reader's language.
 */
function localParams(t: TFunction, params: Params, language: string): Params {
  return engineParams(params, engineLanguage(language), readerFormat(t, language));
}

/**
 * One of the engine's sentences in the reader's language, from the shared templates by its code, with its
 * params written the reader's way; the engine's English when the code is newer than these templates.
 */
export function engineText(t: TFunction, sentence: Sentence, language: string): string {
  return engineSentence(sentence, engineLanguage(language), readerFormat(t, language));
}

/** `engineText` bound to the reader's language. */
export function useEngineText() {
  const { t, i18n } = useTranslation('design');
  return useCallback((sentence: Sentence) => engineText(t, sentence, i18n.language), [t, i18n.language]);
}
