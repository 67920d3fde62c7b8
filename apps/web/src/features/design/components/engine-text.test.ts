import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { REFERENCES } from '@meltway/shared/design/checks';
import { ENGINE_TEXTS } from '@meltway/shared/design/engine-texts-en';
import { explain } from '@meltway/shared/design/engine-texts';
import { ENGINE_TEXTS_FR } from '@meltway/shared/design/engine-texts-fr';
import en from '@/locales/en/design.json';
import fr from '@/locales/fr/design.json';
import { designMessageText, engineText } from './engine-text';
import type { Language } from '@meltway/shared/common/language';

/** Intl puts (narrow) no-break spaces in French numbers; the expectations are written with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function translator(language: Language) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { design: language === 'en' ? en : fr } }, defaultNS: 'design', interpolation: { escapeValue: false } });
  return instance.t;
}

describe('the engine sentences in English and French', () => {
  it('has a French template for every code of the engine, with the same placeholders as the English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, template] of Object.entries(ENGINE_TEXTS)) {
      const french = (ENGINE_TEXTS_FR as Record<string, string>)[code];
      expect(french, code).toEqual(expect.any(String));
      expect(placeholders(french!), code).toEqual(placeholders(template));
    }
    expect(Object.keys(ENGINE_TEXTS_FR).sort()).toEqual(Object.keys(ENGINE_TEXTS).sort());
  });

  it("has every check's reference in both languages, the English word for word, under its rule's code", () => {
    const english = en.references as Record<string, string>;
    const french = fr.references as Record<string, string>;
    for (const [rule, text] of Object.entries(REFERENCES)) {
      const code = `rule${rule[0]!.toUpperCase()}${rule.slice(1)}`;
      expect(ENGINE_TEXTS, code).toHaveProperty(code);
      expect(english[code], code).toBe(text);
      expect(french[code], code).toEqual(expect.any(String));
    }
    expect(Object.keys(english).length).toBe(Object.keys(REFERENCES).length);
  });

  it('gives the engine English filled in when read in English', async () => {
    const t = await translator('en');
    const sentence = explain('checkBreaker', { circuit: 'C1', load: 12.5, breaker: 20, max: 16 });
    expect(engineText(t, sentence, 'en')).toBe(sentence.text);
  });

  it('writes the numbers, amounts and words of a sentence the French way', async () => {
    const t = await translator('fr');
    const recommendation = explain('recControl', {
      control: 'pavement',
      controlName: 'in-pavement snow sensor',
      class: 'residential',
      average: '$61.20',
      averageCents: 6120,
      price: '$1,349.00',
      priceCents: 134_900,
    });
    expect(plain(engineText(t, recommendation, 'fr'))).toBe(
      "Commande : détecteur de neige encastré, le plus faible coût d’utilisation qui convient à une conception résidentielle (61,20 $ pour une saison moyenne); ses pièces coûtent 1 349,00 $",
    );
    expect(plain(engineText(t, explain('checkMaxDensity', { area: 'Entrée', density: 1234.5 }), 'fr'))).toBe('Entrée : 1 234,5 W/m², sous la limite de 1 300 W/m²');
  });

  it('translates a refusal given as a reason, reading its values back from the English', async () => {
    const t = await translator('fr');
    const refused = explain('recVoltageRefused', {
      voltage: 277,
      reason: 'This design would put 1,350 W/m² into Stairs: the limit is 1,300 W/m²',
      reasonCode: 'design.densityOverLimit',
    });
    expect(plain(engineText(t, refused, 'fr'))).toBe('À 277 V, la conception est refusée : Cette conception mettrait 1 350 W/m² dans Stairs : la limite est de 1 300 W/m²');
  });

  it('keeps the English of a code these translations do not know', async () => {
    const t = await translator('fr');
    expect(engineText(t, { code: 'somethingNew', params: {}, text: 'A newer sentence' }, 'fr')).toBe('A newer sentence');
  });
});

describe("a design message in the reader's language", () => {
  it("writes its numbers and the engine's words the French way", async () => {
    const t = await translator('fr');
    expect(plain(designMessageText(t, 'noProductFits', { system: 'cable', area: 'Walk', voltage: 1200 }, 'No cable in the catalogue fits Walk at 1200 V', 'fr'))).toBe(
      'Aucun câble du catalogue ne convient à Walk à 1 200 V',
    );
  });
});
