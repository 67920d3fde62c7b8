import { useTranslation } from 'react-i18next';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import { formatPrice } from '@/lib/format';
import { ChecksSection, ExplanationSection, RecommendationsSection } from './advice-section';
import { AreaPlans } from './area-plans';
import { BomTable } from './bom-table';
import { CircuitTable } from './circuit-table';
import { formatNumber } from '@/lib/format-number';
import { HeatFluxSection } from './heat-flux-section';
import { RunningCostSection } from './running-cost-section';
import { areaToUnit, type LengthUnit } from './units';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** The figures a homeowner looks for first: heat flux, heated area, load, circuits, price and a season's running cost. */
function ResultSummary({ result, unit }: { result: DesignResult; unit: LengthUnit }) {
  const { t, i18n } = useTranslation('design');
  const n = (value: number, digits = 1) => formatNumber(value, i18n.language, digits);
  const cheapest = Math.min(...result.runningCost.controls.flatMap((row) => (row.average.costCentsMin === null ? [] : [row.average.costCentsMin])));
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Stat label={t('result.summary.designFlux')} value={`${n(result.heatFlux.designWm2, 0)} W/m²`} />
      <Stat
        label={t('result.summary.heatedArea')}
        value={`${n(areaToUnit(result.totals.heatedAreaM2, unit))} ${t(`units.${unit}2`)}`}
        hint={t('result.summary.ofArea', { area: `${n(areaToUnit(result.totals.areaM2, unit))} ${t(`units.${unit}2`)}` })}
      />
      <Stat label={t('result.summary.load')} value={`${n(result.totals.watts / 1000, 2)} kW`} hint={`${n(result.totals.amps)} A · ${result.voltage} V`} />
      <Stat label={t('result.summary.circuits')} value={String(result.circuits.length)} />
      <Stat label={t('result.summary.price')} value={formatPrice(result.totals.priceCents, i18n.language)} hint={t('result.summary.beforeTax')} />
      {Number.isFinite(cheapest) && result.runningCost.priceKnown !== false ? (
        <Stat label={t('result.summary.runningCost')} value={t('result.summary.from', { price: formatPrice(cheapest, i18n.language) })} hint={t('result.summary.runningCostHint')} />
      ) : null}
    </dl>
  );
}

/**
 * A computed design, whole: summary, plan, heat flux, circuits, bill of materials, running cost, checks,
 * recommendations and the calculation's steps. The tables are also the plan's text alternative.
 */
export function DesignResultView({ result, unit = 'm' }: { result: DesignResult; unit?: LengthUnit }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ResultSummary result={result} unit={unit} />
      <AreaPlans areas={result.areas} unit={unit} />
      <ChecksSection checks={result.checks} />
      <RecommendationsSection recommendations={result.recommendations} />
      <CircuitTable circuits={result.circuits} voltage={result.voltage} />
      <BomTable bom={result.bom} totalCents={result.totals.priceCents} />
      <RunningCostSection runningCost={result.runningCost} />
      <HeatFluxSection heatFlux={result.heatFlux} governing={new Set(result.areas.map((a) => a.heatFlux?.designWm2)).size > 1} />
      <ExplanationSection steps={result.explanation} />
    </div>
  );
}
