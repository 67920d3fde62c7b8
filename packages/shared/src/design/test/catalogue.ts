import type { DesignProduct } from '../design.schema.js';
import { DEMO_MATS } from '../demo-mats.js';

/**
 * A catalogue built from the same figures as the demo seed (apps/api/src/seed/seed-catalogue.ts): mats 0.6 m
 * wide at 240 V (the table both read, design/demo-mats.ts), cable 12.5 W/ft (41 W/m), the three controllers, the
 * contactor panel, both sensors, GFEP breakers of 20, 30 and 40 A, and the accessories. Ids are fixed so results can be compared.
 */

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
let next = 0;
const id = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

type Extra = Partial<Omit<DesignProduct, 'id' | 'sku' | 'name' | 'kind' | 'priceCents' | 'stock'>>;
const product = (sku: string, name: string, kind: DesignProduct['kind'], priceCents: number, stock: number, extra: Extra = {}): DesignProduct => ({
  id: id(),
  sku,
  name,
  kind,
  priceCents,
  stock,
  voltage: null,
  voltages: [],
  watts: null,
  lengthM: null,
  widthM: null,
  heatedAreaM2: null,
  currentA: null,
  ...extra,
});

const MAT_PRODUCTS: DesignProduct[] = DEMO_MATS.map(({ sku, name, lengthM, areaM2, watts, priceCents, stock }) =>
  product(sku, name, 'mat', priceCents, stock, {
    voltage: 240,
    voltages: [240],
    watts,
    lengthM,
    widthM: 0.6,
    heatedAreaM2: areaM2,
    currentA: round(watts / 240),
  }),
);

const CABLE_PRODUCTS: DesignProduct[] = [50, 100, 200, 300, 400, 600].map((ft, i) => {
  const watts = ft * 12.5;
  const lengthM = round(ft * 0.3048, 1);
  return product(`MW-CBL-${String(ft).padStart(3, '0')}`, `Snowmelt Cable ${lengthM} m (${ft} ft), 240 V`, 'cable', Math.round((ft * (5.2 - i * 0.15)) / 5) * 500 - 100, [40, 35, 20, 14, 8, 0][i]!, {
    voltage: 240,
    voltages: [240],
    watts,
    lengthM,
    heatedAreaM2: round((ft * 3) / 12 / 10.764),
    currentA: round(watts / 240),
  });
});

const CONTROL_PRODUCTS: DesignProduct[] = [
  product('MW-CTL-TMR', 'Manual Timer Controller', 'controller', 32_900, 25, { voltage: 240, currentA: 30 }),
  product('NF-CTL-AMB', 'Ambient Thermostat Controller', 'controller', 44_900, 15, { voltage: 240, currentA: 30 }),
  product('NF-CTL-SNW', 'Automatic Snow Controller', 'controller', 114_900, 9, { voltage: 240, currentA: 30 }),
  product('MW-CTL-CP60', 'Contactor Panel, 2 Circuits, 60 A', 'controller', 64_900, 7, { voltage: 240, currentA: 60 }),
  product('NF-SEN-AER', 'Aerial Snow and Ice Sensor', 'sensor', 48_900, 11),
  product('NF-SEN-PAV', 'In-Pavement Snow Sensor', 'sensor', 129_000, 5),
  ...[20, 30, 40].map((amps, i) => product(`TP-GFEP-${amps}`, `GFEP Breaker 2-Pole ${amps} A, 30 mA`, 'accessory', [18_900, 20_900, 23_900][i]!, [30, 20, 12][i]!, { voltage: 240, currentA: amps })),
];

const ACCESSORY_PRODUCTS: DesignProduct[] = [
  product('TP-ACC-JBX', 'Cold Lead Junction Box', 'accessory', 5_900, 60),
  product('MW-ACC-TAPE', 'Mounting Tape and Strapping, 30 m', 'accessory', 3_900, 80),
  product('TP-ACC-SIGN', 'Warning Sign "Electrically Heated Surface"', 'accessory', 1_900, 120),
  product('NF-ACC-HSG', 'Pavement Sensor Housing', 'accessory', 12_900, 14),
];

/** The demo catalogue as the engine receives it. */
export const DEMO_CATALOGUE: DesignProduct[] = [...MAT_PRODUCTS, ...CABLE_PRODUCTS, ...CONTROL_PRODUCTS, ...ACCESSORY_PRODUCTS];

/** The demo catalogue with a 50 A GFEP breaker added, as the brief's full breaker range. */
export const CATALOGUE_WITH_50A: DesignProduct[] = [...DEMO_CATALOGUE, product('TP-GFEP-50', 'GFEP Breaker 2-Pole 50 A, 30 mA', 'accessory', 26_900, 8, { voltage: 240, currentA: 50 })];

/** The demo catalogue with every mat and cable rated for 240 and 277 V (figures still given at 240 V). */
export const DUAL_RATED_CATALOGUE: DesignProduct[] = DEMO_CATALOGUE.map((p) => (p.kind === 'mat' || p.kind === 'cable' ? { ...p, voltages: [240, 277] } : p));
