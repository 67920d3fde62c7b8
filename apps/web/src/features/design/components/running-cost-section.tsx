import { useTranslation } from 'react-i18next';
import type { RunningCost } from '@meltway/shared/design/design.schema';
import { formatPrice } from '@/lib/format';
import { useEngineText } from './engine-text';
import { formatNumber } from './format-number';
import { ResultSection } from './result-section';

type Season = RunningCost['controls'][number]['light'];

function SeasonCost({ label, season }: { label: string; season: Season }) {
  const { t, i18n } = useTranslation('design');
  const range = (min: string, max: string) => (min === max ? min : t('result.cost.range', { min, max }));
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{range(formatPrice(season.costCentsMin, i18n.language), formatPrice(season.costCentsMax, i18n.language))}</dd>
      <dd className="text-xs text-muted-foreground tabular-nums">
        {t('result.cost.hours', { hours: range(formatNumber(season.hoursMin, i18n.language, 0), formatNumber(season.hoursMax, i18n.language, 0)) })}
      </dd>
    </div>
  );
}

/**
 * What the system costs to run for a light and an average season, for each way of controlling it, at the
 * province's price: one card per controller, which reads as well on a phone as on a desk.
 */
export function RunningCostSection({ runningCost }: { runningCost: RunningCost }) {
  const { t, i18n } = useTranslation('design');
  const sentence = useEngineText();
  const n = (value: number, digits = 1) => formatNumber(value, i18n.language, digits);
  const light = t('result.cost.light', { hours: n(runningCost.seasons.light, 0) });
  const average = t('result.cost.average', { hours: n(runningCost.seasons.average, 0) });
  return (
    <ResultSection
      title={t('result.cost.title')}
      description={
        <>
          {runningCost.priceKnown === false
            ? runningCost.province
              ? t('result.cost.noPrice', { kw: n(runningCost.kw, 2), province: runningCost.province })
              : t('result.cost.noPlace', { kw: n(runningCost.kw, 2) })
            : t('result.cost.basis', { kw: n(runningCost.kw, 2), price: n(runningCost.centsPerKwh, 2), province: runningCost.province ?? t('result.cost.yourPrice') })}{' '}
          {runningCost.priceKnown === false
            ? null
            : runningCost.priceDate
              ? t('result.cost.source', { source: runningCost.priceSource, date: runningCost.priceDate })
              : t('result.cost.typedPrice')}
        </>
      }
    >
      {runningCost.priceKnown === false ? null : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {runningCost.controls.map((row) => (
            <li key={row.control} className="grid content-start gap-2 rounded-lg border p-3">
              <h3 className="font-medium">{t(`site.controls.${row.control}`)}</h3>
              <dl className="grid grid-cols-2 gap-3">
                <SeasonCost label={light} season={row.light} />
                <SeasonCost label={average} season={row.average} />
              </dl>
              <p className="text-xs text-muted-foreground">{sentence(row.reason)}</p>
            </li>
          ))}
        </ul>
      )}
    </ResultSection>
  );
}
