import { describe, expect, it } from 'vitest';
import { calculateDesign } from './calculate.js';
import { DesignInput, type DesignResult, type Explained } from './design.schema.js';
import { ENGINE_TEXTS } from './engine-texts-en.js';
import { CONTROL_NAMES, dollars, EMBEDMENT, engineSentence, explain, formatParam, readBack, type EngineFormat } from './engine-texts.js';
import { ENGINE_TEXTS_FR, ENGINE_WORDS_FR } from './engine-texts-fr.js';
import { DEMO_CATALOGUE } from './test/catalogue.js';

/** The engine's own English notation. */
const ENGLISH: EngineFormat = { number: (v) => formatParam(v) as string, money: dollars };
const frenchNumber = new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 2 });
const frenchMoney = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' });
/** French notation, with the no-break spaces Intl writes made plain for the expectations. */
const FRENCH: EngineFormat = {
  number: (v) => frenchNumber.format(v).replace(/[\u00a0\u202f]/g, ' '),
  money: (cents) => frenchMoney.format(cents / 100).replace(/[\u00a0\u202f]/g, ' '),
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every sentence of a result with its code and params. */
function sentences(r: DesignResult): Explained[] {
  const checks = r.checks.flatMap((c) => [{ code: c.code, params: c.params, text: c.detail }, { code: c.ruleCode!, params: {}, text: c.rule }]);
  return [...r.explanation, ...r.areas.flatMap((a) => a.notes), ...r.recommendations, ...r.runningCost.controls.map((c) => c.reason), ...checks];
}

const DRIVEWAY = DesignInput.parse({
  city: 'ottawa-on',
  classDensityWm2: 400,
  snowFreeRatio: 0,
  voltage: 240,
  surface: 'pavers',
  control: 'aerial',
  areas: [
    { name: 'Driveway', widthM: 3, lengthM: 12 },
    { name: 'Walk', polygon: [[0, 0], [6, 0], [6, 2], [0, 3]] },
  ],
});

describe('the engine sentences in French', () => {
  it('has a template for every code, with the same placeholders as the English', () => {
    expect(Object.keys(ENGINE_TEXTS_FR).sort()).toEqual(Object.keys(ENGINE_TEXTS).sort());
    for (const [code, template] of Object.entries(ENGINE_TEXTS)) expect(placeholders(ENGINE_TEXTS_FR[code as keyof typeof ENGINE_TEXTS]), code).toEqual(placeholders(template));
  });

  it('names every control and every surface depth in French', () => {
    expect(Object.keys(ENGINE_WORDS_FR.controlName).sort()).toEqual(Object.keys(CONTROL_NAMES).sort());
    expect(Object.keys(ENGINE_WORDS_FR.control).sort()).toEqual(Object.keys(CONTROL_NAMES).sort());
    expect(Object.keys(ENGINE_WORDS_FR.depth).sort()).toEqual(Object.keys(EMBEDMENT).sort());
  });

  it("writes a design's every sentence in English as the engine does, and in French with every placeholder filled", () => {
    const result = calculateDesign(DRIVEWAY, DEMO_CATALOGUE);
    const all = sentences(result);
    expect(all.length).toBeGreaterThan(20);
    for (const s of all) {
      expect(engineSentence(s, 'en', ENGLISH), s.code).toBe(s.text);
      const french = engineSentence(s, 'fr', FRENCH);
      expect(french, s.code).not.toMatch(/\{\w+\}/);
      expect(french, s.code).not.toBe(s.text);
    }
    const surface = all.find((s) => s.code === 'stepSurface')!;
    expect(engineSentence(surface, 'fr', FRENCH)).toBe('Pose dans le pavé : dans le lit de sable, à au plus 100 mm (4 po) sous la surface');
  });

  it('writes numbers, money and the engine words the French way', () => {
    const recommendation = explain('recControl', { control: 'pavement', controlName: 'in-pavement snow sensor', class: 'residential', average: '$61.20', averageCents: 6120, price: '$1,349.00', priceCents: 134_900 });
    expect(engineSentence(recommendation, 'fr', FRENCH)).toBe(
      "Commande : détecteur de neige encastré, le plus faible coût d’utilisation qui convient à une conception résidentielle (61,20 $ pour une saison moyenne); ses pièces coûtent 1 349,00 $",
    );
    expect(engineSentence(explain('checkMaxDensity', { area: 'Entrée', density: 1234.5 }), 'fr', FRENCH)).toBe('Entrée : 1 234,5 W/m², sous la limite de 1 300 W/m²');
  });

  it("keeps a word it does not know, and the engine's English for a code it does not know", () => {
    expect(engineSentence(explain('stepArea', { area: 'A', areaM2: 2, system: 'heat pump', heated: 1, coverage: 50, watts: 10, amps: 1, density: 5 }), 'fr', FRENCH)).toContain('2 m², heat pump,');
    expect(engineSentence({ code: 'somethingNew', params: {}, text: 'A newer sentence' }, 'fr', FRENCH)).toBe('A newer sentence');
  });

  it('gives a reason that is a design message through the message of the reader, its values read back from the English', () => {
    const refused = explain('recVoltageRefused', { voltage: 277, reason: 'No cable in the catalogue fits Stairs at 1,200 V', reasonCode: 'design.noProductFits' });
    const message: EngineFormat['message'] = (key, params) => `${key}: ${params.system} / ${params.area} / ${params.voltage}`;
    expect(engineSentence(refused, 'fr', { ...FRENCH, message })).toBe('À 277 V, la conception est refusée : noProductFits: câble / Stairs / 1 200');
    expect(engineSentence(refused, 'fr', FRENCH)).toBe('À 277 V, la conception est refusée : No cable in the catalogue fits Stairs at 1,200 V');
  });
});

describe('reading a message back against its template', () => {
  it('finds the values of its placeholders', () => {
    expect(readBack('No {system} in the catalogue fits {area} at {voltage} V', 'No cable in the catalogue fits Front walk (east) at 120 V')).toEqual({
      system: 'cable',
      area: 'Front walk (east)',
      voltage: 120,
    });
  });

  it('gives nothing for a text of another template', () => {
    expect(readBack('Choose a city from the list', 'Name the area')).toBeNull();
  });
});
