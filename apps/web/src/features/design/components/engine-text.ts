import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Explained } from '@meltway/shared/design/design.schema';
import { designMessages } from '@meltway/shared/design/messages';
import { formatPrice } from '@/lib/format';
import { formatNumber } from './format-number';

type Params = Record<string, string | number>;
type Sentence = Pick<Explained, 'code' | 'params' | 'text'>;

/** Params whose value is a word of the engine (`mat`, `residential`, `ambient`, `width`), translated under `design:engineParams.<name>`. */
const WORDS = new Set(['system', 'class', 'control', 'axis', 'city', 'surface']);
/** Params the engine writes out in English from another param's word: translated by that word (`controlName` by `control`). */
const WRITTEN_FROM: Record<string, string> = { controlName: 'control', depth: 'surface' };

/** An English number as the engine writes it ("1,350.5"). */
const ENGLISH_NUMBER = /^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;

/**
 * The values of a filled-in message, read back against its template: "{area}: the limit is…" gives `area`;
 * a value that is an English number comes back as a number, to be written the reader's way.
 */
export function readBack(template: string, text: string): Params | null {
  const parts = template.split(/\{(\w+)\}/);
  const names = parts.filter((_, i) => i % 2 === 1);
  const pattern = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, i) => {
      const value = match[i + 1]!;
      return [name, ENGLISH_NUMBER.test(value) ? Number(value.replace(/,/g, '')) : value];
    }),
  );
}

/**
 * A message of the design domain by its key, in the reader's language, with its params; English `text` when
 * the key is unknown here.
 */
export function designMessageText(t: TFunction, key: string, params: Params, text: string, language: string): string {
  return t(`design:messages.${key}`, { ...localParams(t, params, language), defaultValue: text });
}

/**
 * The params of a sentence written the reader's way: numbers in the reader's notation, amounts that come with
 * their cents (`price` with `priceCents`) in the reader's currency format, the engine's words translated, and a
 * `reason` that is a design message (`reasonCode`) in the reader's language.
 */
export function localParams(t: TFunction, params: Params, language: string): Params {
  const out: Params = {};
  for (const [name, value] of Object.entries(params)) {
    const cents = params[`${name}Cents`];
    const reasonKey = name === 'reason' && typeof params.reasonCode === 'string' ? params.reasonCode.replace(/^design\./, '') : undefined;
    if (typeof cents === 'number') out[name] = formatPrice(cents, language);
    else if (typeof value === 'number') out[name] = formatNumber(value, language);
    else if (reasonKey && reasonKey in designMessages) {
      const template = designMessages[reasonKey as keyof typeof designMessages];
      out[name] = designMessageText(t, reasonKey, readBack(template, value) ?? {}, value, language);
    } else if (WORDS.has(name)) out[name] = t(`design:engineParams.${name}.${value}`, { defaultValue: value });
    else if (WRITTEN_FROM[name] && typeof params[WRITTEN_FROM[name]] === 'string') {
      out[name] = t(`design:engineParams.${name}.${params[WRITTEN_FROM[name]]}`, { defaultValue: value });
    }
    else out[name] = value;
  }
  return out;
}

/**
 * One of the engine's sentences in the reader's language, found by its code (`design:engine.<code>`) with its
 * params written the reader's way; the engine's English when the code is newer than these translations.
 */
export function engineText(t: TFunction, sentence: Sentence, language: string): string {
  return t(`design:engine.${sentence.code}`, { ...localParams(t, sentence.params, language), defaultValue: sentence.text });
}

/** `engineText` bound to the reader's language. */
export function useEngineText() {
  const { t, i18n } = useTranslation('design');
  return useCallback((sentence: Sentence) => engineText(t, sentence, i18n.language), [t, i18n.language]);
}
