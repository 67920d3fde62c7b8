import { describe, expect, it } from 'vitest';
import { CITIES } from './cities.js';
import { CLIMATE, CLIMATE_SOURCE, climateOf, REFERENCE_NOT_RAIN_MM } from './climate.js';

describe('the NBC 2020 climate of the cities', () => {
  it('has a row for every Canadian city of cities.ts, none for a US city, and every row is a city', () => {
    const canadian = CITIES.filter((c) => c.country === 'CA').map((c) => c.id);
    expect(Object.keys(CLIMATE).sort()).toEqual([...canadian].sort());
    expect(canadian).toHaveLength(40);
    for (const c of CITIES.filter((c) => c.country === 'US')) expect(climateOf(c.id), c.id).toBeUndefined();
  });

  it('holds the figures of Table C-2 as transcribed, checked by hand for a few rows', () => {
    // Rows of NBC 2020 Table C-2: Jan 2.5% / 1% °C, HDD, annual rain mm, annual total precipitation mm.
    expect(climateOf('vancouver-bc')).toEqual({
      nbcLocation: 'Vancouver (City Hall)',
      januaryDesign25C: -7,
      januaryDesign1C: -9,
      heatingDegreeDays: 2825,
      annualRainMm: 1325,
      annualPrecipitationMm: 1400,
      notRainMm: 75,
    });
    expect(climateOf('yellowknife-nt')).toMatchObject({ januaryDesign25C: -41, januaryDesign1C: -44, heatingDegreeDays: 8170, annualRainMm: 175, annualPrecipitationMm: 275, notRainMm: 100 });
    expect(climateOf('st-johns-nl')).toMatchObject({ nbcLocation: "St. John's", januaryDesign25C: -15, januaryDesign1C: -16, heatingDegreeDays: 4800, notRainMm: 375 });
    expect(climateOf('trois-rivieres-qc')).toMatchObject({ januaryDesign25C: -25, januaryDesign1C: -28, annualRainMm: 860, annualPrecipitationMm: 1050, notRainMm: 190 });
    expect(climateOf('iqaluit-nu')).toMatchObject({ januaryDesign25C: -40, januaryDesign1C: -41, heatingDegreeDays: 9980, annualRainMm: 200, annualPrecipitationMm: 433, notRainMm: 233 });
    expect(CLIMATE_SOURCE).toContain('National Building Code of Canada 2020');
    expect(CLIMATE_SOURCE).toContain('Table C-2');
  });

  it('keeps every row physically coherent: the 1% colder than the 2.5%, rain within the total', () => {
    for (const [id, c] of Object.entries(CLIMATE)) {
      expect(c.januaryDesign1C, id).toBeLessThanOrEqual(c.januaryDesign25C);
      expect(c.annualRainMm, id).toBeLessThan(c.annualPrecipitationMm);
      expect(c.notRainMm, id).toBe(c.annualPrecipitationMm - c.annualRainMm);
    }
  });

  it('takes as the reference of the 80 h / 200 h seasons the median of the 40 cities: 150 mm not falling as rain', () => {
    const values = Object.values(CLIMATE).map((c) => c.notRainMm);
    expect(REFERENCE_NOT_RAIN_MM).toBe(150);
    // A median: as many cities below it as above it.
    expect(values.filter((v) => v < 150).length).toBe(19);
    expect(values.filter((v) => v > 150).length).toBe(17);
    expect(values.filter((v) => v === 150).length).toBe(4);
  });
});
