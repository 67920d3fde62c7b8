import { useTranslation } from 'react-i18next';
import type { RunningCost } from '@meltway/shared/design/design.schema';
import { formatPrice } from '@/lib/format';
import { useEngineText } from './engine-text';
import { formatNumber } from '@/lib/format-number';
import { ResultSection } from './result-section';

type Season = RunningCost['controls'][number]['light'];

/** A season of a control: its cost when a price is known, else its energy, with the hours and kWh below. */
function SeasonCost({ label, season, priced }: { label: string; season: Season; priced: boolean }) {
  const { t, i18n } = useTranslation('design');
  const range = (min: string, max: string) => (min === max ? min : t('result.cost.range', { min, max }));
  const kwh = t('result.cost.kwh', { kwh: range(formatNumber(season.kwhMin, i18n.language, 0), formatNumber(season.kwhMax, i18n.language, 0)) });
  const cost = priced && season.costCentsMin !== null && season.costCentsMax !== null ? range(formatPrice(season.costCentsMin, i18n.language), formatPrice(season.costCentsMax, i18n.language)) : null;
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{cost ?? kwh}</dd>
      <dd className="text-xs text-muted-foreground tabular-nums">
        {t('result.cost.hours', { hours: range(formatNumber(season.hoursMin, i18n.language, 0), formatNumber(season.hoursMax, i18n.language, 0)) })}
        {cost ? ` · ${kwh}` : null}
      </dd>
    </div>
  );
}

/** Where the season hours come from: the city's climate (an estimate, its formula with its numbers) or unscaled. */
function SeasonBasis({ runningCost }: { runningCost: RunningCost }) {
  const { t, i18n } = useTranslation('design');
  const n = (value: number) => formatNumber(value, i18n.language, 0);
  const basis = runningCost.seasonBasis;
  if (!basis) return <p className="text-xs text-muted-foreground">{t('result.cost.hoursUnscaled', { light: n(runningCost.seasons.light), average: n(runningCost.seasons.average) })}</p>;
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      <p>
        <strong className="font-medium text-foreground">{t('result.cost.estimate')}</strong>{' '}
        {t('result.cost.hoursScaled', { city: basis.city, notRain: n(basis.notRainMm), reference: n(basis.referenceMm), light: n(runningCost.seasons.light), average: n(runningCost.seasons.average) })}
      </p>
      <p>{t('result.cost.referenceAssumed', { reference: n(basis.referenceMm) })}</p>
      <p>{t('result.cost.climateSource', { source: basis.source })}</p>
    </div>
  );
}

/**
 * What the system costs to run for a light and an average season, for each way of controlling it, at the
 * province's price, or its energy when no price is known: one card per controller, which reads as well on a
 * phone as on a desk.
 */
export function RunningCostSection({ runningCost }: { runningCost: RunningCost }) {
  const { t, i18n } = useTranslation('design');
  const sentence = useEngineText();
  const n = (value: number, digits = 1) => formatNumber(value, i18n.language, digits);
  const priced = runningCost.priceKnown !== false && runningCost.centsPerKwh !== null;
  const light = t('result.cost.light', { hours: n(runningCost.seasons.light, 0) });
  const average = t('result.cost.average', { hours: n(runningCost.seasons.average, 0) });
  return (
    <ResultSection
      title={t('result.cost.title')}
      description={
        <>
          {!priced || runningCost.centsPerKwh === null
            ? runningCost.province
              ? t('result.cost.noPrice', { kw: n(runningCost.kw, 2), province: runningCost.province })
              : t('result.cost.noPlace', { kw: n(runningCost.kw, 2) })
            : t('result.cost.basis', { kw: n(runningCost.kw, 2), price: n(runningCost.centsPerKwh, 2), province: runningCost.province ?? t('result.cost.yourPrice') })}{' '}
          {!priced ? null : runningCost.priceDate ? t('result.cost.source', { source: runningCost.priceSource, date: runningCost.priceDate }) : t('result.cost.typedPrice')}
        </>
      }
    >
      <div className="grid gap-3">
        <SeasonBasis runningCost={runningCost} />
        <ul className="grid gap-3 sm:grid-cols-2">
          {runningCost.controls.map((row) => (
            <li key={row.control} className="grid content-start gap-2 rounded-lg border p-3">
              <h3 className="font-medium">{t(`site.controls.${row.control}`)}</h3>
              <dl className="grid grid-cols-2 gap-3">
                <SeasonCost label={light} season={row.light} priced={priced} />
                <SeasonCost label={average} season={row.average} priced={priced} />
              </dl>
              <p className="text-xs text-muted-foreground">{sentence(row.reason)}</p>
            </li>
          ))}
        </ul>
      </div>
    </ResultSection>
  );
}
