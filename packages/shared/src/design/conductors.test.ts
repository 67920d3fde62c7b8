import { describe, expect, it } from 'vitest';
import { conductorFor } from './conductors.js';
import { BREAKER_SIZES } from './products.js';

describe('the conductor of a circuit', () => {
  it('is copper from the 75 °C column: 20 A 12 AWG, 30 A 10 AWG, 40 A 8 AWG, 50 A 6 AWG', () => {
    expect(BREAKER_SIZES.map((b) => [b, conductorFor(b)?.awg])).toEqual([
      [20, 12],
      [30, 10],
      [40, 8],
      [50, 6],
    ]);
    expect(conductorFor(30)).toEqual({ awg: 10, material: 'copper', column: '75 °C' });
  });

  it('gets larger (a smaller AWG number) as the breaker does, and is given for every breaker the engine picks', () => {
    const sizes = BREAKER_SIZES.map((b) => conductorFor(b)!.awg);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThan(sizes[i - 1]!);
  });

  it('is not guessed for a breaker the table does not give', () => {
    for (const amps of [0, 15, 25, 60, 100, Number.NaN]) expect(conductorFor(amps)).toBeNull();
  });

});
