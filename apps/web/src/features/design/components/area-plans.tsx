import { useTranslation } from 'react-i18next';
import type { AreaResult } from '@meltway/shared/design/design.schema';
import { DesignPlan } from './design-plan';
import { useEngineText } from './engine-text';
import { formatNumber, formatPercent } from '@/lib/format-number';
import { ResultSection } from './result-section';
import { areaToUnit, toUnit, type LengthUnit } from './units';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 border-b py-1.5 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function AreaPlan({ area, unit }: { area: AreaResult; unit: LengthUnit }) {
  const { t, i18n } = useTranslation('design');
  const sentence = useEngineText();
  const n = (value: number, digits = 1) => formatNumber(value, i18n.language, digits);
  const squared = t(`units.${unit}2`);
  const matCounts = new Map<string, number>();
  for (const mat of area.mats) matCounts.set(mat.sku, (matCounts.get(mat.sku) ?? 0) + 1);
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border p-3 sm:p-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-2">
        <h3 className="font-semibold">{area.name}</h3>
        <DesignPlan area={area} unit={unit} />
      </div>
      <div className="grid content-start gap-3 text-sm">
        <dl>
          <Fact label={t('result.plan.system.label')} value={t(`result.plan.system.${area.system}`)} />
          <Fact label={t('result.plan.area')} value={`${n(areaToUnit(area.areaM2, unit))} ${squared}`} />
          <Fact label={t('result.plan.heated')} value={`${n(areaToUnit(area.heatedAreaM2, unit))} ${squared} (${formatPercent(area.coveragePct, i18n.language)})`} />
          <Fact label={t('result.plan.density')} value={`${n(area.densityWm2, 0)} W/m²`} />
          {area.wholeAreaDensityWm2 !== undefined ? <Fact label={t('result.plan.wholeDensity')} value={`${n(area.wholeAreaDensityWm2, 0)} W/m²`} /> : null}
          {area.heatedFraction !== undefined ? <Fact label={t('result.plan.heatedFraction')} value={formatPercent(area.heatedFraction * 100, i18n.language, 1)} /> : null}
          {area.heatFlux ? <Fact label={t('result.plan.areaFlux')} value={`${n(area.heatFlux.designWm2, 0)} W/m²`} /> : null}
          <Fact label={t('result.plan.watts')} value={`${n(area.watts, 0)} W · ${n(area.amps, 1)} A`} />
          {area.cable ? (
            <>
              <Fact label={t('result.plan.cableLength')} value={`${n(toUnit(area.cable.lengthM, unit))} ${t(`units.${unit}`)}`} />
              <Fact label={t('result.plan.spacing')} value={`${n(area.cable.spacingMm, 0)} mm`} />
            </>
          ) : null}
        </dl>
        {matCounts.size || area.cable?.products.length ? (
          <div>
            <h4 className="font-medium">{t('result.plan.laid')}</h4>
            <ul className="mt-1 grid gap-0.5 text-muted-foreground">
              {[...matCounts].map(([sku, count]) => (
                <li key={sku}>{t('result.plan.units', { count, sku })}</li>
              ))}
              {area.cable?.products.map((cable, i) => (
                <li key={i}>{`${cable.sku} · ${n(toUnit(cable.lengthM, unit))} ${t(`units.${unit}`)}`}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {area.notes.length ? (
          <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
            {area.notes.map((note, i) => (
              <li key={i}>{sentence(note)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** The plan of every area, each with the figures it is drawn from (the plan's text alternative). */
export function AreaPlans({ areas, unit }: { areas: AreaResult[]; unit: LengthUnit }) {
  const { t } = useTranslation('design');
  return (
    <ResultSection
      title={t('result.plan.title')}
      description={
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t('result.plan.legend')}>
          <li className="flex items-center gap-1.5">
            <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
              <rect x="0.5" y="0.5" width="11" height="11" className="fill-ember-soft stroke-ember" />
            </svg>
            {t('result.plan.legendMat')}
          </li>
          <li className="flex items-center gap-1.5">
            <svg viewBox="0 0 16 12" className="h-3 w-4" aria-hidden>
              <polyline points="1,2 15,2 15,6 1,6 1,10 15,10" fill="none" className="stroke-ember" strokeWidth="1.25" />
            </svg>
            {t('result.plan.legendCable')}
          </li>
          <li className="flex items-center gap-1.5">
            <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
              <rect x="0.5" y="0.5" width="11" height="11" fill="none" className="stroke-muted-foreground" strokeDasharray="2 1.5" />
              <rect x="3" y="3" width="6" height="6" className="fill-muted-foreground" />
            </svg>
            {t('result.plan.legendExclusion')}
          </li>
        </ul>
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {areas.map((area, i) => (
          <AreaPlan key={`${i}-${area.name}`} area={area} unit={unit} />
        ))}
      </div>
    </ResultSection>
  );
}
