import type { DesignWeather, HeatFlux } from './design.schema.js';

/** Where the heat balance comes from. */
const ASHRAE_SOURCE = 'ASHRAE Handbook, HVAC Applications, chapter "Snow Melting and Freeze Protection"';
const AIR_SOURCE = "Air properties: Sutherland's law (μ₀ 1.716e-5 Pa·s, S 110.4 K; k₀ 0.0241 W/(m·K), S 194 K, at 273.15 K), ideal gas at 101,325 Pa, c_p 1006 J/(kg·K)";
const MAGNUS_SOURCE = 'Magnus formula over water, WMO coefficients (WMO-No. 8, Annex 4.B): e_w = 611.2·exp(17.62t / (243.12 + t)) Pa, −45 to 60 °C';
const DIFFUSION_SOURCE = 'Water vapour diffusivity in air: Massman (1998), Atmospheric Environment 32(6), D = 2.178e-5·(T/273.15)^1.81 m²/s';

/** Heat balance constants; each is a textbook property, named where it is used. */
export const HEAT = {
  rhoWater: 1000,
  cIce: 2100,
  cWater: 4220,
  /** Latent heat of fusion, J/kg. */
  hIf: 334_000,
  /** Latent heat of vaporisation at the water film, J/kg. */
  hFg: 2_500_000,
  /** Snow melts at 0 °C under a water film at 0.5 °C (ASHRAE). */
  tSnow: 0,
  tFilm: 0.5,
  cpAir: 1006,
  pressure: 101_325,
  sigma: 5.670374e-8,
  /** Emittance of a wet pavement. */
  emittance: 0.9,
  /** Default allowance for back and edge losses of an insulated slab, percent. */
  backLossPct: 20,
} as const;

const K = 273.15;
const round1 = (n: number) => Math.round(n * 10) / 10;
const fmt = (n: number, digits = 1) => {
  const r = Number(n.toFixed(digits));
  return r < 0 ? `(${r})` : String(r);
};
const g3 = (n: number) => Number(n.toPrecision(3)).toString();

/**
 * Saturation vapour pressure over water in Pa, also below 0 °C (supercooled water): weather reports give
 * relative humidity over water at every temperature (WMO-No. 8), so the typed humidity is read against it.
 */
export function saturationPressure(tC: number): number {
  return 611.2 * Math.exp((17.62 * tC) / (243.12 + tC));
}

/** Humidity ratio (kg water / kg dry air) of air at `tC` and relative humidity over water `rh` (0-1). */
export function humidityRatio(tC: number, rh: number): number {
  const pw = rh * saturationPressure(tC);
  return (0.621945 * pw) / (HEAT.pressure - pw);
}

/** Dry-air properties at `tC`: density, dynamic viscosity, conductivity, Prandtl number. */
export function airProperties(tC: number) {
  const T = tC + K;
  const mu = 1.716e-5 * (T / K) ** 1.5 * ((K + 110.4) / (T + 110.4));
  const k = 0.0241 * (T / K) ** 1.5 * ((K + 194) / (T + 194));
  const rho = HEAT.pressure / (287.05 * T);
  const diffusivity = 2.178e-5 * (T / K) ** 1.81;
  return { rho, mu, k, nu: mu / rho, pr: (HEAT.cpAir * mu) / k, sc: mu / rho / diffusivity };
}

export type HeatFluxInput = {
  /** Design weather during snowfall, or null for the class method. */
  weather: DesignWeather | null;
  /** The design density chosen when there is no weather. */
  classDensityWm2: number | null;
  snowFreeRatio: number;
  backLossPct: number;
  /** Characteristic length of the area in the wind, metres: its shorter side (a drawn outline's mean width where less), at least 1 m (`characteristicLength`). */
  lengthM: number;
};

/**
 * The characteristic length of an area for its convection and evaporation: the shorter side of its bounding box,
 * or its mean width across the longer side (its area ÷ that side) when that is less, at least 1 m. A rectangle's
 * is its shorter side; a drawn L or a narrow strip drawn askew gets no more than its mean width. h_c ∝ L^−0.2, so
 * the shorter length gives the larger film coefficient, the safer design whatever way the wind blows.
 */
export function characteristicLength(box: { minX: number; minY: number; maxX: number; maxY: number }, areaM2?: number): number {
  const sides = [box.maxX - box.minX, box.maxY - box.minY];
  const shorter = Math.min(...sides);
  const meanWidth = areaM2 !== undefined && Math.max(...sides) > 0 ? areaM2 / Math.max(...sides) : shorter;
  return Math.max(1, Math.min(shorter, meanWidth));
}

type Term = HeatFlux['terms'][number];
/** One term of the balance: its value in W/m² and the formula with its numbers, for the explanation. */
type Step = { value: number; term: Term };

/** The class method: the chosen density is the design, every term of the balance left uncomputed. */
function classDensityFlux(input: HeatFluxInput): HeatFlux {
  const { snowFreeRatio: ar, backLossPct } = input;
  const design = round1(input.classDensityWm2 ?? 0);
  const none = (key: 'sensible' | 'melting' | 'evaporation' | 'convection' | 'surface' | 'backLoss') => ({
    key,
    valueWm2: 0,
    formula: 'not computed: no design weather',
    source: ASHRAE_SOURCE,
  });
  return {
    method: 'class-density',
    weather: null,
    snowFreeRatio: ar,
    backLossPct,
    sensibleWm2: 0,
    meltingWm2: 0,
    evaporationWm2: 0,
    convectionWm2: 0,
    surfaceWm2: 0,
    designWm2: design,
    terms: [
      none('sensible'),
      none('melting'),
      none('evaporation'),
      none('convection'),
      none('surface'),
      none('backLoss'),
      {
        key: 'design',
        valueWm2: design,
        formula: `design density = class density = ${fmt(design)} W/m² (residential 300-400, commercial 400-500, critical 500-650 W/m²), losses included`,
        source: 'Meltway engineering facts, design heat flux by class (ASHRAE classes)',
      },
    ],
  };
}

/** q_s, the sensible heat: the snow warmed from the air temperature to 0 °C, then its water to the film's. */
function sensibleHeat(s: number, ta: number): Step {
  const { rhoWater, cIce, cWater, tSnow: ts, tFilm: tf } = HEAT;
  const qs = round1((rhoWater * s * (cIce * (ts - ta) + cWater * (tf - ts))) / 3.6e6);
  return {
    value: qs,
    term: {
      key: 'sensible',
      valueWm2: qs,
      formula:
        `q_s = ρ_w·s·[c_ice(t_s − t_a) + c_w(t_f − t_s)] / 3.6e6 = ${rhoWater} × ${fmt(s, 2)} × [${cIce} × (${ts} − ${fmt(ta)}) + ${cWater} × (${tf} − ${ts})] / 3.6e6` +
        ` = ${fmt(qs)} W/m²`,
      source: `${ASHRAE_SOURCE}; c_ice 2100 J/(kg·K), c_w 4220 J/(kg·K) (water at 0 °C), t_s 0 °C, film t_f 0.5 °C`,
    },
  };
}

/** q_m, the melting heat: the latent heat of fusion of the snow falling. */
function meltingHeat(s: number): Step {
  const { rhoWater, hIf } = HEAT;
  const qm = round1((rhoWater * s * hIf) / 3.6e6);
  return {
    value: qm,
    term: {
      key: 'melting',
      valueWm2: qm,
      formula: `q_m = ρ_w·s·h_if / 3.6e6 = ${rhoWater} × ${fmt(s, 2)} × ${hIf} / 3.6e6 = ${fmt(qm)} W/m²`,
      source: `${ASHRAE_SOURCE}; h_if 334 kJ/kg`,
    },
  };
}

/** The air film over the slab: air properties at the mean of the film and air temperatures, Re and h_c over the length `L`. */
function filmCoefficient(ta: number, v: number, L: number) {
  const tMean = (HEAT.tFilm + ta) / 2;
  const air = airProperties(tMean);
  const re = (v * L) / air.nu;
  const hc = (0.037 * air.k * re ** 0.8 * air.pr ** (1 / 3)) / L;
  return { air, re, hc };
}
type Film = ReturnType<typeof filmCoefficient>;

/** q_h, the heat carried off by convection and radiated to an overcast sky at the air temperature. */
function convectionHeat({ air, re, hc }: Film, ta: number, v: number, L: number): Step {
  const { tFilm: tf, sigma, emittance } = HEAT;
  const Tf = tf + K;
  const Tmr = ta + K;
  const qh = round1(hc * (tf - ta) + sigma * emittance * (Tf ** 4 - Tmr ** 4));
  return {
    value: qh,
    term: {
      key: 'convection',
      valueWm2: qh,
      formula:
        `q_h = h_c(t_f − t_a) + σε(T_f⁴ − T_MR⁴), h_c = 0.037·(k/L)·Re^0.8·Pr^(1/3), Re = V·L/ν = ${fmt(v)} × ${fmt(L, 2)} / ${g3(air.nu)} = ${g3(re)},` +
        ` h_c = 0.037 × (${g3(air.k)}/${fmt(L, 2)}) × ${g3(re)}^0.8 × ${g3(air.pr)}^(1/3) = ${g3(hc)} W/(m²·K);` +
        ` q_h = ${g3(hc)} × (${tf} − ${fmt(ta)}) + 5.67e-8 × ${emittance} × (${fmt(Tf, 2)}⁴ − ${fmt(Tmr, 2)}⁴) = ${fmt(qh)} W/m²`,
      source:
        `${ASHRAE_SOURCE}; turbulent flat-plate correlation at every Reynolds number (the rough slab is taken as turbulent from its edge: the larger, safer h_c);` +
        ` L = this area's shorter side, or a drawn outline's mean width where less (at least 1 m): h_c grows as L shrinks, so the shorter side is the safer length;` +
        ` V = the station wind at 10 m, as weather reports give it, used at the surface as it is: no reduction to surface height is applied, for no source here gives one for a paved area (the higher wind is the safer);` +
        ` T_MR = air temperature during snowfall (overcast sky); ε 0.9; properties at the mean of film and air temperatures; ${AIR_SOURCE}`,
    },
  };
}

/** q_e, the evaporation heat: the film's water carried off as vapour, its mass transfer by the Chilton-Colburn analogy. */
function evaporationHeat({ air, hc }: Film, ta: number, humidityPct: number): Step {
  const { hFg, tFilm: tf } = HEAT;
  const hm = (hc / (air.rho * HEAT.cpAir)) * (air.pr / air.sc) ** (2 / 3);
  const wf = humidityRatio(tf, 1);
  const wa = humidityRatio(ta, humidityPct / 100);
  const qe = round1(air.rho * hm * (wf - wa) * hFg);
  return {
    value: qe,
    term: {
      key: 'evaporation',
      valueWm2: qe,
      formula:
        `q_e = ρ_air·h_m·(W_f − W_a)·h_fg, h_m = h_c/(ρ_air·c_p)·(Pr/Sc)^(2/3) = ${g3(hc)}/(${g3(air.rho)} × 1006) × (${g3(air.pr)}/${g3(air.sc)})^(2/3) = ${g3(hm)} m/s;` +
        ` W_f = ${g3(wf)} (saturated at ${tf} °C), W_a = ${g3(wa)} (${fmt(humidityPct, 0)}% at ${fmt(ta)} °C);` +
        ` q_e = ${g3(air.rho)} × ${g3(hm)} × (${g3(wf)} − ${g3(wa)}) × ${hFg} = ${fmt(qe)} W/m²`,
      source: `${ASHRAE_SOURCE}; h_m by the Chilton-Colburn analogy; ${MAGNUS_SOURCE}, relative humidity taken over water, as weather reports give it, also below 0 °C; W = 0.621945·p_w/(p − p_w); h_fg 2500 kJ/kg; ${DIFFUSION_SOURCE}`,
    },
  };
}

/** q_o = q_s + q_m + A_r (q_e + q_h), the flux at the surface; never below zero. */
function surfaceFlux(qs: number, qm: number, ar: number, qe: number, qh: number): Step {
  const surface = round1(Math.max(0, qs + qm + ar * (qe + qh)));
  return {
    value: surface,
    term: {
      key: 'surface',
      valueWm2: surface,
      formula: `q_o = q_s + q_m + A_r(q_e + q_h) = ${fmt(qs)} + ${fmt(qm)} + ${fmt(ar, 2)} × (${fmt(qe)} + ${fmt(qh)}) = ${fmt(surface)} W/m²`,
      source: `${ASHRAE_SOURCE}; A_r the snow-free area ratio (0 residential, 0.5 commercial, 1 critical)`,
    },
  };
}

/** The back and edge allowance on q_o, and the design flux: what the heaters must deliver. */
function designWithLosses(surface: number, backLossPct: number): { backLoss: Step; design: Step } {
  const backLoss = round1((surface * backLossPct) / 100);
  const design = round1(surface + backLoss);
  return {
    backLoss: {
      value: backLoss,
      term: {
        key: 'backLoss',
        valueWm2: backLoss,
        formula: `back and edge losses = q_o × ${fmt(backLossPct, 1)}% = ${fmt(surface)} × ${fmt(backLossPct / 100, 3)} = ${fmt(backLoss)} W/m²`,
        source: 'Meltway engineering facts: a 20% allowance for back and edge losses is usual for an insulated slab',
      },
    },
    design: {
      value: design,
      term: {
        key: 'design',
        valueWm2: design,
        formula: `design = q_o × (1 + ${fmt(backLossPct, 1)}/100) = ${fmt(surface)} + ${fmt(backLoss)} = ${fmt(design)} W/m²`,
        source: ASHRAE_SOURCE,
      },
    },
  };
}

/**
 * The design heat flux by the ASHRAE snow-melting heat balance q_o = q_s + q_m + A_r (q_e + q_h), plus the
 * back and edge allowance; or the chosen class density when there is no design weather.
 */
export function heatFlux(input: HeatFluxInput): HeatFlux {
  const { weather, snowFreeRatio: ar, backLossPct } = input;
  if (!weather) return classDensityFlux(input);

  const { snowfallMmPerHour: s, airTempC: ta, windMs: v, humidityPct } = weather;
  const L = input.lengthM;
  const sensible = sensibleHeat(s, ta);
  const melting = meltingHeat(s);
  const film = filmCoefficient(ta, v, L);
  const convection = convectionHeat(film, ta, v, L);
  const evaporation = evaporationHeat(film, ta, humidityPct);
  const surface = surfaceFlux(sensible.value, melting.value, ar, evaporation.value, convection.value);
  const { backLoss, design } = designWithLosses(surface.value, backLossPct);

  return {
    method: 'heat-balance',
    weather,
    snowFreeRatio: ar,
    backLossPct,
    sensibleWm2: sensible.value,
    meltingWm2: melting.value,
    evaporationWm2: evaporation.value,
    convectionWm2: convection.value,
    surfaceWm2: surface.value,
    designWm2: design.value,
    terms: [sensible.term, melting.term, evaporation.term, convection.term, surface.term, backLoss.term, design.term],
  };
}
