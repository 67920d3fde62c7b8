import type { Control, Explained, SURFACES } from './design.schema.js';
import { ENGINE_TEXTS, type EngineTextCode } from './engine-texts-en.js';
import { ENGINE_TEXTS_FR, ENGINE_WORDS_FR, type EngineWordParam } from './engine-texts-fr.js';
import { designMessages } from './messages.js';
import type { Language } from '../common/language.js';

type Surface = (typeof SURFACES)[number];

/** Controls by their English names, for the English texts (`controlName`); the web names them by `control`. */
export const CONTROL_NAMES: Record<Control, string> = {
  manual: 'manual timer',
  ambient: 'ambient thermostat',
  aerial: 'aerial snow sensor',
  pavement: 'in-pavement snow sensor',
};

/** Embedment depth by surface (Meltway engineering facts), for the English texts (`depth`). */
export const EMBEDMENT: Record<Surface, string> = {
  concrete: '38-50 mm (1.5-2 in) below the surface',
  asphalt: '38-50 mm (1.5-2 in) below the surface',
  pavers: 'in the sand bed, at most 100 mm (4 in) below the surface',
};
export type EngineParams = Record<string, string | number>;

// Made on first use: a browser's first number format loads its locale data, some 40 ms of one task on a desktop,
// and the layout generator's first screen, which imports these texts, formats no number.
let number: Intl.NumberFormat | undefined;

/** A number or a string as the English text shows it. */
export const formatParam = (v: string | number) => (typeof v === 'number' ? (number ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(v) : v);

/** Dollars as the English text shows them: $1,234.56. */
export const dollars = (cents: number) => `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;

/** Fills a template's `{name}` placeholders. */
export const fillText = (template: string, params: EngineParams) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? formatParam(params[name]!) : whole));

/** A sentence by its code, with its params and its English text. */
export function explain(code: EngineTextCode, params: EngineParams = {}): Explained {
  return { code, params, text: fillText(ENGINE_TEXTS[code], params) };
}


/**
 * How a reader writes the params of a sentence: numbers, money (from cents), and optionally a design message
 * by its key, with params already written the reader's way and its English as the fallback.
 */
export interface EngineFormat {
  number: (value: number) => string;
  money: (cents: number) => string;
  message?: (key: keyof typeof designMessages, params: Record<string, string>, english: string) => string;
}

/** Params whose value is a word of the engine (`mat`, `residential`, `ambient`, `width`); the English is the word itself. */
const WORDS = new Set<string>(['system', 'class', 'control', 'axis', 'city', 'surface']);
/** Params the engine writes out in English from another param's word: translated by that word (`controlName` by `control`). */
const WRITTEN_FROM: Record<string, string> = { controlName: 'control', depth: 'surface' };

/** An English number as the engine writes it ("1,350.5"). */
const ENGLISH_NUMBER = /^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;

/**
 * The values of a filled-in message, read back against its template: "{area}: the limit is…" gives `area`;
 * a value that is an English number comes back as a number, to be written the reader's way.
 */
export function readBack(template: string, text: string): EngineParams | null {
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

/** The French of param `name` for the engine's word `key`, if known. */
function frenchWord(name: string, key: string): string | undefined {
  const words: Record<string, string> | undefined = ENGINE_WORDS_FR[name as EngineWordParam];
  return words && Object.hasOwn(words, key) ? words[key] : undefined;
}

/**
 * The params of a sentence written the reader's way: numbers by `format.number`, amounts that come with their
 * cents (`price` with `priceCents`) by `format.money`, the engine's words in `lang`, and a `reason` that is a
 * design message (`reasonCode`) through `format.message`, its values read back from the English.
 */
export function engineParams(params: EngineParams, lang: Language, format: EngineFormat): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const cents = params[`${name}Cents`];
    const from = WRITTEN_FROM[name];
    const reasonKey = name === 'reason' && typeof params.reasonCode === 'string' ? params.reasonCode.replace(/^design\./, '') : undefined;
    if (typeof cents === 'number') out[name] = format.money(cents);
    else if (typeof value === 'number') out[name] = format.number(value);
    else if (reasonKey && format.message && Object.hasOwn(designMessages, reasonKey)) {
      const key = reasonKey as keyof typeof designMessages;
      out[name] = format.message(key, engineParams(readBack(designMessages[key], value) ?? {}, lang, format), value);
    } else if (lang === 'fr' && WORDS.has(name)) out[name] = frenchWord(name, value) ?? value;
    else if (lang === 'fr' && from && typeof params[from] === 'string') out[name] = frenchWord(name, params[from]) ?? value;
    else out[name] = value;
  }
  return out;
}

/**
 * One of the engine's sentences in `lang`, from its code's template with its params written the reader's way
 * (`engineParams`); the engine's English `text` when the code is newer than the templates.
 */
export function engineSentence(sentence: Pick<Explained, 'code' | 'params' | 'text'>, lang: Language, format: EngineFormat): string {
  const templates: Record<string, string> = lang === 'fr' ? ENGINE_TEXTS_FR : ENGINE_TEXTS;
  if (!Object.hasOwn(templates, sentence.code)) return sentence.text;
  return fillText(templates[sentence.code]!, engineParams(sentence.params, lang, format));
}
