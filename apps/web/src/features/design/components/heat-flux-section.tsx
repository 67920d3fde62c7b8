import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from 'lucide-react';
import type { HeatFlux } from '@meltway/shared/design/design.schema';
import { cn } from '@/lib/utils';
import { formatNumber, formatPercent } from '@/lib/format-number';
import { ResultSection } from './result-section';

/** Which method gave the flux, said plainly: the weather typed, the city's published weather, or a class density. */
function methodKey(heatFlux: HeatFlux): 'typed' | 'city' | 'class-density' | 'heat-balance' {
  if (heatFlux.method === 'class-density') return 'class-density';
  // A result saved before the flux said where its weather came from keeps the general wording.
  return heatFlux.weatherFrom === 'typed' || heatFlux.weatherFrom === 'city' ? heatFlux.weatherFrom : 'heat-balance';
}

/**
 * The design heat flux with each term's value; each term opens on its formula (numbers put in) and its source.
 * With several areas it is the governing one's (the highest), which `governing` says.
 */
export function HeatFluxSection({ heatFlux, governing = false }: { heatFlux: HeatFlux; governing?: boolean }) {
  const { t, i18n } = useTranslation('design');
  const n = (value: number, digits = 0) => formatNumber(value, i18n.language, digits);
  const w = heatFlux.weather;
  // The class method has no balance to show: its one figure is the density chosen, with its source.
  const terms = heatFlux.method === 'class-density' ? heatFlux.terms.filter((term) => term.key === 'design') : heatFlux.terms;
  return (
    <ResultSection
      title={t('result.heatFlux.title')}
      description={
        <>
          {t(`result.heatFlux.method.${methodKey(heatFlux)}`)}
          {governing ? <span className="block">{t('result.heatFlux.governing')}</span> : null}
        </>
      }
      action={
        <p className="text-right">
          <span className="block text-2xl font-bold tabular-nums">{n(heatFlux.designWm2)} W/m²</span>
          <span className="text-xs text-muted-foreground">{t('result.heatFlux.design')}</span>
        </p>
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {w ? (
          <>
            <div>
              <dt className="text-muted-foreground">{t('site.weather.snowfall')}</dt>
              <dd className="font-medium tabular-nums">{n(w.snowfallMmPerHour, 1)} mm/h</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('site.weather.airTemp')}</dt>
              <dd className="font-medium tabular-nums">{n(w.airTempC, 1)} °C</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('site.weather.wind')}</dt>
              <dd className="font-medium tabular-nums">{n(w.windMs, 1)} m/s</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('site.weather.humidity')}</dt>
              <dd className="font-medium tabular-nums">{formatPercent(w.humidityPct, i18n.language)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt className="text-muted-foreground">{t('result.heatFlux.ratio')}</dt>
          <dd className="font-medium tabular-nums">A_r = {n(heatFlux.snowFreeRatio, 2)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('site.backLoss')}</dt>
          <dd className="font-medium tabular-nums">{formatPercent(heatFlux.backLossPct, i18n.language)}</dd>
        </div>
      </dl>
      <ul className="mt-4 divide-y rounded-lg border">
        {terms.map((term) => (
          <li key={term.key}>
            <details className="group">
              <summary
                className={cn(
                  'flex cursor-pointer list-none items-center gap-2 px-3 py-2.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring [&::-webkit-details-marker]:hidden',
                  term.key === 'design' && 'font-semibold',
                )}
              >
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
                <span className="flex-1">{t(`result.heatFlux.terms.${term.key}`)}</span>
                <span className="tabular-nums">{n(term.valueWm2)} W/m²</span>
              </summary>
              <div className="grid gap-1 px-3 pb-3 pl-9 text-sm">
                <p>
                  <span className="text-muted-foreground">{t('result.heatFlux.formula')} </span>
                  <code className="font-mono text-xs break-words">{term.formula}</code>
                </p>
                <p>
                  <span className="text-muted-foreground">{t('result.heatFlux.source')} </span>
                  {term.source}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}
