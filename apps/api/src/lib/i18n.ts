import type { Language } from '@meltway/shared/common/language';
import { formatMessage, type MessageParams } from '@meltway/shared/common/message-codes';
import enAcademy from '../locales/en/academy.json' with { type: 'json' };
import enAccounts from '../locales/en/accounts.json' with { type: 'json' };
import enDesign from '../locales/en/design.json' with { type: 'json' };
import enOrders from '../locales/en/orders.json' with { type: 'json' };
import enPayments from '../locales/en/payments.json' with { type: 'json' };
import frAcademy from '../locales/fr/academy.json' with { type: 'json' };
import frAccounts from '../locales/fr/accounts.json' with { type: 'json' };
import frDesign from '../locales/fr/design.json' with { type: 'json' };
import frOrders from '../locales/fr/orders.json' with { type: 'json' };
import frPayments from '../locales/fr/payments.json' with { type: 'json' };
import { languageTag } from './documents/formats.js';

const EN = { academy: enAcademy, accounts: enAccounts, design: enDesign, orders: enOrders, payments: enPayments };
type Words = typeof EN;
/** The English files are the type: a French file that lacks a key does not compile (one with a key too many fails i18n.test.ts). */
const FR: Words = { academy: frAcademy, accounts: frAccounts, design: frDesign, orders: frOrders, payments: frPayments };

/**
 * Every sentence the server writes (mails, PDFs, CSVs), by language and domain, from `locales/<language>/<domain>.json`.
 * The web's words live in apps/web/src/locales, the layout generator's sentences in packages/shared/src/design.
 */
export const SERVER_WORDS: Record<Language, Words> = { en: EN, fr: FR };

type Domain = keyof Words;
type Group<D extends Domain> = Extract<keyof Words[D], string>;
/** The dotted paths to the texts under a node of a words file. */
type Paths<T> = { [K in Extract<keyof T, string>]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[Extract<keyof T, string>];
/** A text with plural forms (`mats_one`, `mats_other`) is asked for by its name without them, with a `count`. */
type WithoutPlural<P> = P extends `${infer Name}_${'one' | 'other'}` ? Name : P;
export type WordKey<D extends Domain, G extends Group<D>> = WithoutPlural<Paths<Words[D][G]>>;

type Tree = { readonly [key: string]: string | Tree };

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/** The node at a dotted path of `words`. */
const nodeAt = (words: Tree, path: string) => path.split('.').reduce<string | Tree | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), words);

/** The text at `key` of `words`; for a text with plural forms, the form `count` takes in `lang` (else `_other`). */
function textAt(words: Tree, key: string, lang: Language, count: unknown): string {
  let text = nodeAt(words, key);
  if (text === undefined && typeof count === 'number') {
    const form = (pluralRules[lang] ??= new Intl.PluralRules(languageTag(lang))).select(count);
    text = nodeAt(words, `${key}_${form}`) ?? nodeAt(words, `${key}_other`);
  }
  if (typeof text !== 'string') throw new Error(`No server text ${key} in ${lang}`);
  return text;
}

/**
 * The texts of one group of a domain's words (`translator('fr', 'orders', 'invoice')`) in `lang`: `t(key, params)`
 * answers the text at `key` with its `{name}` placeholders filled, as shared's messages are; with a `count`, a text
 * with plural forms takes the language's (French says "0 natte", English "0 mats").
 */
export function translator<D extends Domain, G extends Group<D>>(lang: Language, domain: D, group: G) {
  const words = SERVER_WORDS[lang][domain][group] as Tree;
  return (key: WordKey<D, G>, params?: MessageParams): string => formatMessage(textAt(words, key, lang, params?.count), params);
}
