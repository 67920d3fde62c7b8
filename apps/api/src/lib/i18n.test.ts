import { describe, expect, it } from 'vitest';
import { CONDUCTOR_SOURCE } from '@meltway/shared/design/conductors';
import { SERVER_WORDS, translator } from './i18n.js';

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a words tree by its dotted path. */
const texts = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * Texts whose French names fewer values than their English, on purpose: the French half of the registration
 * notice's bilingual subject ("New dealer application: Jo Doe / Nouvelle demande de compte") names no one.
 */
const FEWER_IN_FRENCH = new Set(['accounts.registration.noticeSubject']);

describe('the server words', () => {
  const en = new Map(texts(SERVER_WORDS.en));
  const fr = new Map(texts(SERVER_WORDS.fr));

  it('has the same texts in French as in English', () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of fr) expect(text.trim(), key).not.toBe('');
  });

  it('names the same placeholders in both languages, text by text', () => {
    for (const [key, text] of en) {
      if (FEWER_IN_FRENCH.has(key)) expect(placeholders(text), key).toEqual(expect.arrayContaining(placeholders(fr.get(key)!)));
      else expect(placeholders(fr.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("cites the conductor tables in the permit pack's English as the web does", () => {
    expect(SERVER_WORDS.en.design.permitPack.conductorSource).toBe(CONDUCTOR_SOURCE);
  });

  it('fills placeholders and picks the plural form each language uses', () => {
    const en = translator('en', 'design', 'permitPack');
    const fr = translator('fr', 'design', 'permitPack');
    expect(en('cableLine', { length: '12.5', spacing: 75 })).toBe('Cable: 12.5 m laid at 75 mm spacing');
    expect([0, 1, 2].map((count) => en('mats', { count }))).toEqual(['0 mats', '1 mat', '2 mats']);
    expect([0, 1, 2].map((count) => fr('mats', { count }))).toEqual(['0 natte', '1 natte', '2 nattes']);
    expect(fr('items.sign', { count: 3 })).toContain('(3 affiches)');
    expect(translator('fr', 'orders', 'orderTable')('couponOff', { code: 'W25', percent: '25 %' })).toBe('W25\u00a0: 25 % de rabais');
  });
});
