import { describe, expect, it } from 'vitest';
import { CITIES, citiesByName, CLASS_DENSITIES, classOfRatio, findCity } from './cities.js';
import { ELECTRICITY_PRICES, ELECTRICITY_SOURCE, electricityPrice } from './electricity.js';
import { PROVINCES } from '../cart-checkout/regions.js';

describe('cities', () => {
  it('has Ottawa, and the capital and large cities of every province and territory', () => {
    expect(findCity('ottawa-on')).toMatchObject({ name: 'Ottawa', province: 'ON', country: 'CA' });
    for (const province of PROVINCES) expect(CITIES.some((c) => c.province === province && c.country === 'CA'), province).toBe(true);
    for (const id of ['victoria-bc', 'edmonton-ab', 'regina-sk', 'winnipeg-mb', 'toronto-on', 'quebec-qc', 'fredericton-nb', 'halifax-ns', 'charlottetown-pe', 'st-johns-nl', 'whitehorse-yt', 'yellowknife-nt', 'iqaluit-nu']) {
      expect(findCity(id), id).toBeDefined();
    }
    expect(CITIES.filter((c) => c.country === 'US').length).toBeGreaterThanOrEqual(12);
    expect(new Set(CITIES.map((c) => c.id)).size).toBe(CITIES.length);
    expect(CITIES.every((c) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id))).toBe(true);
  });

  it('lists each country\'s cities in the order a collator puts their names in, accents and case aside', () => {
    for (const country of ['CA', 'US'] as const) {
      const byCollator = CITIES.filter((c) => c.country === country).sort((a, b) => new Intl.Collator('en').compare(a.name, b.name));
      expect(citiesByName(country).map((c) => c.name), country).toEqual(byCollator.map((c) => c.name));
    }
    const canada = citiesByName('CA').map((c) => c.name);
    expect(canada.indexOf('Moncton')).toBe(canada.indexOf('Montréal') - 1);
    expect(canada.slice(canada.indexOf('Saguenay'), canada.indexOf('Saguenay') + 3)).toEqual(['Saguenay', 'Saint John', 'Saskatoon']);
    expect(canada.at(-1)).toBe('Yellowknife');
  });

  it('gives design weather only with its source, and invents none', () => {
    for (const c of CITIES) expect(c.weather === null, c.id).toBe(c.weatherSource === null);
    // No public source we can quote gives snowfall-coincident design weather for these cities.
    expect(CITIES.filter((c) => c.weather !== null)).toEqual([]);
  });

  it('maps the snow-free ratio to a class and prefills the top of its range', () => {
    expect([0, 0.2, 0.5, 0.74, 0.75, 1].map(classOfRatio)).toEqual(['residential', 'residential', 'commercial', 'commercial', 'critical', 'critical']);
    expect(Object.values(CLASS_DENSITIES).map((c) => [c.minWm2, c.maxWm2, c.typicalWm2])).toEqual([
      [300, 400, 400],
      [400, 500, 500],
      [500, 650, 650],
    ]);
  });
});

describe('electricity prices', () => {
  it('takes the facts sheet’s 2025 figures, a range by its midpoint', () => {
    // QC 7.8 ¢; MB, BC 10-12 ¢ → 11 ¢; ON, NB, NL, NS, PE, SK 14-19 ¢ → 16.5 ¢; AB about 26 ¢.
    expect(Object.fromEntries(Object.entries(ELECTRICITY_PRICES).map(([p, v]) => [p, v.centsPerKwh]))).toEqual({
      QC: 7.8,
      MB: 11,
      BC: 11,
      ON: 16.5,
      NB: 16.5,
      NL: 16.5,
      NS: 16.5,
      PE: 16.5,
      SK: 16.5,
      AB: 26,
    });
    expect(electricityPrice('ON')).toMatchObject({ source: ELECTRICITY_SOURCE, date: '2025', note: 'midpoint of the 14-19 ¢/kWh range given for this province' });
  });

  it('has no price for the territories or the states: the user types one', () => {
    for (const region of ['YT', 'NT', 'NU', 'NY', 'CO']) expect(electricityPrice(region)).toBeUndefined();
  });
});
