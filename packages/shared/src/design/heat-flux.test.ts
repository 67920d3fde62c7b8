import { describe, expect, it } from 'vitest';
import { airProperties, characteristicLength, heatFlux, humidityRatio, saturationPressure } from './heat-flux.js';

/**
 * The stated storm: 2 mm/h of water, air at −5 °C, wind 5 m/s, relative humidity 80%, over a slab whose
 * characteristic length is 10 m, with the default 20% back and edge losses.
 */
const storm = { snowfallMmPerHour: 2, airTempC: -5, windMs: 5, humidityPct: 80 };
const at = (snowFreeRatio: number) => heatFlux({ weather: storm, classDensityWm2: null, snowFreeRatio, backLossPct: 20, lengthM: 10 });

describe('ASHRAE heat balance, by hand', () => {
  it('computes the terms of the stated storm', () => {
    // Sensible: q_s = ρ_w·s·[c_ice(t_s − t_a) + c_w(t_f − t_s)] / 3.6e6
    //   = 1000 × 2 × [2100 × (0 − (−5)) + 4220 × (0.5 − 0)] / 3.6e6 = 2000 × (10500 + 2110) / 3.6e6 = 7.0 W/m²
    // Melting: q_m = ρ_w·s·h_if / 3.6e6 = 1000 × 2 × 334000 / 3.6e6 = 185.6 W/m²
    // Air at the mean film-air temperature (0.5 + (−5)) / 2 = −2.25 °C, T = 270.9 K:
    //   μ = 1.716e-5 × (270.9/273.15)^1.5 × (273.15 + 110.4)/(270.9 + 110.4) = 1.7048e-5 Pa·s
    //   k = 0.0241 × (270.9/273.15)^1.5 × (273.15 + 194)/(270.9 + 194) = 0.02392 W/(m·K)
    //   ρ = 101325 / (287.05 × 270.9) = 1.3030 kg/m³; ν = μ/ρ = 1.3084e-5 m²/s; Pr = 1006 × μ / k = 0.7171
    //   D = 2.178e-5 × (270.9/273.15)^1.81 = 2.1456e-5 m²/s; Sc = ν/D = 0.6098
    // Convection and radiation: Re = V·L/ν = 5 × 10 / 1.3084e-5 = 3.82e6
    //   h_c = 0.037 × (0.02392/10) × (3.82e6)^0.8 × 0.7171^(1/3) = 14.61 W/(m²·K)
    //   q_h = 14.61 × (0.5 − (−5)) + 5.670374e-8 × 0.9 × (273.65⁴ − 268.15⁴) = 80.34 + 22.32 = 102.7 W/m²
    // Evaporation: h_m = h_c/(ρ·c_p)·(Pr/Sc)^(2/3) = 14.61 / (1.3030 × 1006) × (0.7171/0.6098)^(2/3) = 0.012415 m/s
    //   e_w(0.5 °C) = 611.2·exp(17.62 × 0.5 / 243.62) = 633.7 Pa → W_f = 0.621945 × 633.7 / (101325 − 633.7) = 0.003914
    //   The humidity is over water, as weather reports give it, also below 0 °C:
    //   e_w(−5 °C) = 611.2·exp(17.62 × (−5) / 238.12) = 611.2 × 0.69075 = 422.2 Pa; p_w = 0.8 × 422.2 = 337.7 Pa
    //   → W_a = 0.621945 × 337.7 / (101325 − 337.7) = 0.002080
    //   q_e = 1.3030 × 0.012415 × (0.003914 − 0.002080) × 2.5e6 = 74.2 W/m²
    expect(saturationPressure(0.5)).toBeCloseTo(633.7, 1);
    expect(saturationPressure(-5)).toBeCloseTo(422.2, 1);
    expect(humidityRatio(0.5, 1)).toBeCloseTo(0.003914, 6);
    expect(humidityRatio(-5, 0.8)).toBeCloseTo(0.00208, 6);
    const air = airProperties(-2.25);
    expect(air.rho).toBeCloseTo(1.303, 3);
    expect(air.pr).toBeCloseTo(0.7171, 3);
    expect(air.sc).toBeCloseTo(0.6098, 3);

    const flux = at(0);
    expect(flux.method).toBe('heat-balance');
    expect(flux.sensibleWm2).toBe(7);
    expect(flux.meltingWm2).toBe(185.6);
    expect(flux.convectionWm2).toBe(102.7);
    expect(flux.evaporationWm2).toBe(74.2);
  });

  it('reads the humidity over water at −6.7 °C, where over ice would make q_e 5.7% high', () => {
    // e_w(−6.7 °C) = 611.2·exp(17.62 × (−6.7) / 236.42) = 611.2 × 0.60693 = 371.0 Pa; at 80%, p_w = 296.8 Pa
    //   → W_a = 0.621945 × 296.8 / (101325 − 296.8) = 0.0018269
    // Over ice it would be e_i = 611.2·exp(22.46 × (−6.7) / 265.92) = 347.1 Pa, W_a = 0.0017090: the difference
    //   W_f − W_a would be 0.003914 − 0.001709 = 0.002205 instead of 0.003914 − 0.001827 = 0.002087, 5.7% more.
    // Air at (0.5 − 6.7) / 2 = −3.1 °C: ρ = 1.3071, ν = 1.3010e-5, Pr = 0.7173, Sc = 0.6098. At L = 3 m:
    //   Re = 5 × 3 / 1.3010e-5 = 1.153e6; h_c = 0.037 × (0.023849/3) × (1.153e6)^0.8 × 0.7173^(1/3) = 18.63 W/(m²·K)
    //   h_m = 18.63 / (1.3071 × 1006) × (0.7173/0.6098)^(2/3) = 0.01579 m/s
    //   q_e = 1.3071 × 0.01579 × 0.002087 × 2.5e6 = 107.6 W/m² (over ice it would be 113.7)
    expect(saturationPressure(-6.7)).toBeCloseTo(371.0, 1);
    expect(humidityRatio(-6.7, 0.8)).toBeCloseTo(0.0018269, 7);
    const flux = heatFlux({ weather: { snowfallMmPerHour: 2, airTempC: -6.7, windMs: 5, humidityPct: 80 }, classDensityWm2: null, snowFreeRatio: 1, backLossPct: 20, lengthM: 3 });
    expect(flux.evaporationWm2).toBe(107.6);
    expect(flux.terms.find((t) => t.key === 'evaporation')!.source).toContain('over water');
  });

  it('takes the shorter side as the characteristic length, at least 1 m, and says the wind is the 10 m station wind', () => {
    // A 3 × 12 m slab: L = 3 m, not 12. A 0.6 × 5 m strip: L = 1 m (at least 1 m).
    expect(characteristicLength({ minX: 0, minY: 0, maxX: 3, maxY: 12 })).toBe(3);
    expect(characteristicLength({ minX: 0, minY: 0, maxX: 0.6, maxY: 5 })).toBe(1);
    // A rectangle's mean width across its longer side is its shorter side.
    expect(characteristicLength({ minX: 0, minY: 0, maxX: 3, maxY: 12 }, 36)).toBe(3);
    // An L of two 2 m arms in a 10 × 10 m box (36 m²): its mean width, 36 ÷ 10 = 3.6 m, not the box's 10 m.
    expect(characteristicLength({ minX: 0, minY: 0, maxX: 10, maxY: 10 }, 36)).toBeCloseTo(3.6, 9);
    // h_c ∝ L^(0.8 − 1) = L^−0.2: the shorter length gives the larger loss. In the −6.7 °C storm at A_r = 1:
    //   L = 12 m: q_e 81.6 + q_h 130.5 → design 488.0; L = 3 m: 107.6 + 163.0 → 558.2; L = 1 m: 134.1 + 195.9 → 629.5 W/m².
    const at = (lengthM: number) => heatFlux({ weather: { snowfallMmPerHour: 2, airTempC: -6.7, windMs: 5, humidityPct: 80 }, classDensityWm2: null, snowFreeRatio: 1, backLossPct: 20, lengthM });
    expect([12, 3, 1].map((l) => at(l).designWm2)).toEqual([488, 558.2, 629.5]);
    const convection = at(3).terms.find((t) => t.key === 'convection')!.source;
    expect(convection).toContain("L = this area's shorter side, or a drawn outline's mean width where less (at least 1 m)");
    expect(convection).toContain('station wind at 10 m');
    expect(convection).toContain('no reduction to surface height is applied');
  });

  it('weighs evaporation and convection by the snow-free area ratio', () => {
    // A_r = 0 (residential): q_o = 7.0 + 185.6 + 0 × (74.2 + 102.7) = 192.6; design = 192.6 × 1.2 = 192.6 + 38.5 = 231.1 W/m²
    // A_r = 0.5 (commercial): q_o = 192.6 + 0.5 × 176.9 = 281.1; design = 281.1 + 56.2 = 337.3 W/m²
    // A_r = 1 (critical): q_o = 192.6 + 176.9 = 369.5; design = 369.5 + 73.9 = 443.4 W/m²
    const expected: [number, number, number, number][] = [
      [0, 192.6, 38.5, 231.1],
      [0.5, 281.1, 56.2, 337.3],
      [1, 369.5, 73.9, 443.4],
    ];
    for (const [ratio, surface, backLoss, design] of expected) {
      const flux = at(ratio);
      expect(flux.surfaceWm2).toBe(surface);
      expect(flux.terms.find((t) => t.key === 'backLoss')!.valueWm2).toBe(backLoss);
      expect(flux.designWm2).toBe(design);
    }
  });

  it('writes every term with its formula, the numbers in, and its source', () => {
    const flux = at(0.5);
    expect(flux.terms.map((t) => t.key)).toEqual(['sensible', 'melting', 'evaporation', 'convection', 'surface', 'backLoss', 'design']);
    for (const term of flux.terms) {
      expect(term.formula).toContain(`= ${term.valueWm2} W/m²`);
      expect(term.source.length).toBeGreaterThan(10);
    }
    expect(flux.terms[1]!.formula).toBe('q_m = ρ_w·s·h_if / 3.6e6 = 1000 × 2 × 334000 / 3.6e6 = 185.6 W/m²');
    expect(flux.terms[4]!.formula).toBe('q_o = q_s + q_m + A_r(q_e + q_h) = 7 + 185.6 + 0.5 × (74.2 + 102.7) = 281.1 W/m²');
    expect(flux.terms[0]!.source).toContain('Snow Melting and Freeze Protection');
  });

  it('uses the class density as the design density when there is no weather', () => {
    const flux = heatFlux({ weather: null, classDensityWm2: 500, snowFreeRatio: 0.5, backLossPct: 20, lengthM: 10 });
    expect(flux.method).toBe('class-density');
    expect([flux.sensibleWm2, flux.meltingWm2, flux.evaporationWm2, flux.convectionWm2, flux.surfaceWm2]).toEqual([0, 0, 0, 0, 0]);
    expect(flux.designWm2).toBe(500);
    expect(flux.terms.at(-1)!.formula).toContain('class density = 500 W/m²');
  });

  it('needs no heat at all in calm air above freezing without snow', () => {
    const flux = heatFlux({ weather: { snowfallMmPerHour: 0, airTempC: 5, windMs: 0, humidityPct: 100 }, classDensityWm2: null, snowFreeRatio: 1, backLossPct: 20, lengthM: 5 });
    expect(flux.surfaceWm2).toBe(0);
    expect(flux.designWm2).toBe(0);
  });
});
