import { CLASS_DENSITIES, classOfRatio } from './cities.js';
import type { CoreDesign } from './core-design.js';
import { SNOW_CLASSES, VOLTAGES, type Control, type DesignInputParsed, type DesignProduct, type Recommendation, type RunningCost, type SnowClass } from './design.schema.js';
import type { EngineTextCode } from './engine-texts-en.js';
import { CONTROL_NAMES, dollars, explain, type EngineParams } from './engine-texts.js';
import { catalogueRatings, cheapest, CONTROLLER_FOR, controllerType, heaterAt, roleOf, sensorType } from './products.js';
import { CONTROL_FACTORS } from './running-cost.js';

/** The controls that suit a class: any for residential, an automatic sensor for commercial, the in-pavement sensor for critical. */
const CONTROLS_FOR_CLASS: Record<SnowClass, readonly Control[]> = {
  residential: ['manual', 'ambient', 'aerial', 'pavement'],
  commercial: ['aerial', 'pavement'],
  critical: ['pavement'],
};

/** What a control costs to buy: its controller, and its sensor (with the housing for the in-pavement one); null when the catalogue lacks a part. */
function controlSetPrice(catalogue: readonly DesignProduct[], control: Control): number | null {
  const parts = [cheapest(catalogue, (p) => roleOf(p) === 'controller' && controllerType(p) === CONTROLLER_FOR[control])];
  if (control === 'aerial' || control === 'pavement') parts.push(cheapest(catalogue, (p) => roleOf(p) === 'sensor' && sensorType(p) === control));
  if (control === 'pavement') parts.push(cheapest(catalogue, (p) => roleOf(p) === 'sensor-housing'));
  return parts.every((p) => p !== undefined) ? parts.reduce((s, p) => s + p!.priceCents, 0) : null;
}

/**
 * The control with the lowest running cost that suits the class (the smallest hours factor, its upper bound
 * first), ties broken by the price of its parts; null when the catalogue has none.
 */
export function recommendControl(catalogue: readonly DesignProduct[], snowClass: SnowClass, cost: RunningCost) {
  const options = CONTROLS_FOR_CLASS[snowClass]
    .map((control) => ({ control, price: controlSetPrice(catalogue, control), factor: CONTROL_FACTORS[control] }))
    .filter((o): o is typeof o & { price: number } => o.price !== null)
    .sort((a, b) => a.factor.max - b.factor.max || a.factor.min - b.factor.min || a.price - b.price);
  const best = options[0];
  if (!best) return null;
  const average = cost.controls.find((c) => c.control === best.control)!.average;
  return { control: best.control, price: best.price, averageCents: average.costCentsMax, averageKwh: average.kwhMax };
}

const rec = (topic: Recommendation['topic'], code: EngineTextCode, params: EngineParams): Recommendation => ({ topic, ...explain(code, params) });

/**
 * The recommendations of a design: mat or cable for each area, the controller, what another voltage and
 * another class would change (each computed by running the engine again), and stock shortfalls. Each states
 * its reason and numbers; none overrides a code limit, since every alternative goes through the same engine.
 */
export function designRecommendations(
  input: DesignInputParsed,
  catalogue: readonly DesignProduct[],
  core: CoreDesign,
  rerun: (input: DesignInputParsed) => { design: CoreDesign; error?: undefined } | { error: { message: string; messageKey: string } },
): Recommendation[] {
  const { result } = core;
  const out: Recommendation[] = core.choices.map((c) => ({ topic: 'system', ...c.reason }));

  const snowClass = classOfRatio(input.snowFreeRatio);
  const control = recommendControl(catalogue, snowClass, result.runningCost);
  out.push(
    !control
      ? rec('control', 'recControlNone', { class: snowClass })
      : control.averageCents === null
        ? rec('control', 'recControlNoPrice', {
            control: control.control,
            controlName: CONTROL_NAMES[control.control],
            class: snowClass,
            kwh: control.averageKwh,
            price: dollars(control.price),
            priceCents: control.price,
          })
        : rec('control', 'recControl', {
            control: control.control,
            controlName: CONTROL_NAMES[control.control],
            class: snowClass,
            average: dollars(control.averageCents),
            averageCents: control.averageCents,
            price: dollars(control.price),
            priceCents: control.price,
          }),
  );

  const alternative = (other: DesignInputParsed) => rerun({ ...other, control: input.control ?? core.control });

  // A voltage no heater is rated for is never offered: it is named unsupported, with the ratings the catalogue has.
  const ratings = catalogueRatings(catalogue).join(', ');
  for (const voltage of VOLTAGES) {
    if (voltage === input.voltage) continue;
    if (!catalogue.some((p) => heaterAt(p, voltage))) {
      out.push(rec('voltage', 'recVoltageUnsupported', { voltage, ratings }));
      continue;
    }
    const alt = alternative({ ...input, voltage });
    if (!alt.error) {
      const r = alt.design.result;
      const density = r.totals.heatedAreaM2 > 0 ? Math.round((r.totals.watts / r.totals.heatedAreaM2) * 10) / 10 : 0;
      out.push(rec('voltage', 'recVoltage', { voltage, density, amps: r.totals.amps, circuits: r.circuits.length, breakers: r.circuits.map((c) => c.breakerAmps).join(', ') }));
    } else out.push(rec('voltage', 'recVoltageRefused', { voltage, reason: alt.error.message, reasonCode: `design.${alt.error.messageKey}` }));
  }

  for (const other of SNOW_CLASSES) {
    if (other === snowClass) continue;
    const { snowFreeRatio, typicalWm2 } = CLASS_DENSITIES[other];
    const alt = alternative(core.classMethod ? { ...input, snowFreeRatio, classDensityWm2: typicalWm2 } : { ...input, snowFreeRatio });
    if (!alt.error) {
      const r = alt.design.result;
      out.push(rec('class', 'recClass', { class: other, design: r.heatFlux.designWm2, price: dollars(r.totals.priceCents), priceCents: r.totals.priceCents }));
    } else out.push(rec('class', 'recClassRefused', { class: other, reason: alt.error.message, reasonCode: `design.${alt.error.messageKey}` }));
  }

  for (const line of result.bom) if (line.stock < line.quantity) out.push(rec('stock', 'recStock', { name: line.name, sku: line.sku, quantity: line.quantity, stock: line.stock }));
  return out;
}
