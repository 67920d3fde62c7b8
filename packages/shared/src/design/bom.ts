import type { BomLine, Circuit, Control, DesignProduct, Explained } from './design.schema.js';
import { explain, type EngineParams } from './engine-texts.js';
import { breakersOf, bySku, cheapest, CONTROLLER_FOR, controllerType, roleOf, sensorType, type Heater } from './products.js';

/** Strapping crosses the cable runs at most this far apart (our assumption, stated with the tape line). */
const TAPE_EVERY_M = 1.5;

export type BomArea = { name: string; heaters: Heater[]; cableHeatedM2: number | null };

export type Bom = {
  lines: BomLine[];
  /** What the design needs that the catalogue does not have, in English. */
  missing: string[];
  contactorPanels: number;
  /** By area, in order: how the tape of a cable area was counted. */
  tapeNotes: (Explained | null)[];
};

/** Everything the design needs, from the catalogue passed in only, each product once with its quantity. */
export function buildBom(catalogue: readonly DesignProduct[], areas: readonly BomArea[], circuits: readonly Circuit[], control: Control): Bom {
  const lines: BomLine[] = [];
  const missing: string[] = [];
  const tapeNotes: (Explained | null)[] = [];
  const add = (product: DesignProduct, role: BomLine['role'], quantity: number) => {
    if (quantity <= 0) return;
    const known = lines.find((l) => l.productId === product.id);
    if (known) {
      known.quantity += quantity;
      known.lineTotalCents = known.quantity * known.unitPriceCents;
      return;
    }
    lines.push({ productId: product.id, sku: product.sku, name: product.name, nameFr: product.nameFr ?? null, role, quantity, unitPriceCents: product.priceCents, lineTotalCents: quantity * product.priceCents, stock: product.stock });
  };
  const need = (what: string, product: DesignProduct | undefined, role: BomLine['role'], quantity: number) => {
    if (quantity <= 0) return;
    if (product) add(product, role, quantity);
    else missing.push(what);
  };

  const heaters = areas.flatMap((a) => a.heaters).sort((a, b) => bySku(a.product, b.product));
  for (const h of heaters) add(h.product, h.kind, 1);

  const breakers = breakersOf(catalogue);
  for (const c of [...circuits].sort((a, b) => a.breakerAmps - b.breakerAmps)) need(`GFEP breaker ${c.breakerAmps} A`, breakers.get(c.breakerAmps), 'breaker', 1);

  const controller = cheapest(catalogue, (p) => roleOf(p) === 'controller' && controllerType(p) === CONTROLLER_FOR[control]);
  need(`controller (${control})`, controller, 'controller', 1);
  if (control === 'aerial' || control === 'pavement') {
    need(`${control} sensor`, cheapest(catalogue, (p) => roleOf(p) === 'sensor' && sensorType(p) === control), 'sensor', 1);
    if (control === 'pavement') need('pavement sensor housing', cheapest(catalogue, (p) => roleOf(p) === 'sensor-housing'), 'accessory', 1);
  }

  const underContactor = circuits.filter((c) => c.contactor).length;
  const contactorPanels = Math.ceil(underContactor / 2);
  need('contactor panel', cheapest(catalogue, (p) => roleOf(p) === 'contactor'), 'contactor', contactorPanels);

  need('warning sign', cheapest(catalogue, (p) => roleOf(p) === 'sign'), 'sign', areas.length);
  need('junction box', cheapest(catalogue, (p) => roleOf(p) === 'junction-box'), 'junction-box', areas.length);

  const tape = cheapest(catalogue, (p) => roleOf(p) === 'tape');
  const rollM = tape ? (tape.lengthM ?? Number(/(\d+(?:\.\d+)?)\s*m\b/.exec(tape.name)?.[1] ?? 0)) : 0;
  for (const area of areas) {
    if (area.cableHeatedM2 === null) {
      tapeNotes.push(null);
      continue;
    }
    const lengthM = area.cableHeatedM2 / TAPE_EVERY_M;
    const rolls = rollM > 0 ? Math.ceil(lengthM / rollM) : 1;
    need('mounting tape', tape, 'accessory', rolls);
    const params: EngineParams = { area: area.name, every: TAPE_EVERY_M, heated: round1(area.cableHeatedM2), length: round1(lengthM), rolls, roll: rollM };
    tapeNotes.push(tape ? explain(rollM > 0 ? 'bomTape' : 'bomTapeRoll', params) : null);
  }
  return { lines, missing: [...new Set(missing)], contactorPanels, tapeNotes };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
