import { useId, useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from 'lucide-react';
import { citiesByName, CLASS_DENSITIES, classOfRatio, findCity } from '@meltway/shared/design/cities';
import { climateOf } from '@meltway/shared/design/climate';
import type { DesignProduct } from '@meltway/shared/design/design.schema';
import { CONTROLS, SNOW_CLASSES, SURFACES, SYSTEMS, VOLTAGES } from '@meltway/shared/design/options';
import { catalogueRatings, heaterAt } from '@meltway/shared/design/products';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { SERVICE_CHOICES, type ClassChoice, type DesignDraft, type WeatherSource } from './design-draft';
import { formatNumber } from '@/lib/format-number';

type Issues = Record<string, string>;

/** What a city's NBC 2020 climate is used for, or that a city has none: never the heat flux. */
function CityClimateNote({ cityId, name }: { cityId: string; name: string }) {
  const { t, i18n } = useTranslation('design');
  const climate = climateOf(cityId);
  return (
    <p className="text-xs text-muted-foreground">
      {climate
        ? t('site.climate', { city: name, jan25: formatNumber(climate.januaryDesign25C, i18n.language, 0), notRain: formatNumber(climate.notRainMm, i18n.language, 0) })
        : t('site.noClimate', { city: name })}
    </p>
  );
}

const COUNTRIES = ['CA', 'US'] as const;
const CITIES_BY_COUNTRY = COUNTRIES.map((country) => ({ country, cities: citiesByName(country) }));

/** A set of radio buttons drawn as one segmented control. */
function Choice<T extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: T; options: { value: T; label: ReactNode }[]; onChange: (value: T) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
              value === option.value ? 'border-primary bg-primary text-primary-foreground' : 'border-input hover:bg-accent',
            )}
          >
            <input type="radio" className="sr-only" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The voltages the catalogue's heaters are rated for, and the design voltages some heater may run at. */
function useVoltageRatings(products: readonly DesignProduct[] | undefined) {
  return useMemo(() => {
    if (!products) return null;
    return { ratings: catalogueRatings(products), served: new Set(VOLTAGES.filter((v) => products.some((p) => heaterAt(p, v)))) };
  }, [products]);
}

/** A section's props: the ids' prefix and the draft's issues by field. */
type SectionProps = { uid: string; issues: Issues };

/**
 * The site of the design: where it is (for the design weather and the electricity price), how clear it must stay, and
 * the electrical choices. `products`, the live catalogue once read, tells which voltages its mats and cables are rated for.
 */
export function SiteFields({ issues, products }: { issues: Issues; products?: readonly DesignProduct[] }) {
  const uid = useId();
  return (
    <div className="grid gap-5">
      <CityFields uid={uid} issues={issues} />
      <WeatherFields uid={uid} issues={issues} />
      <SnowClassFields uid={uid} issues={issues} />
      <ElectricalFields uid={uid} issues={issues} products={products} />
    </div>
  );
}

/** The city, with what its weather and climate data are, or that it has none. */
function CityFields({ uid, issues }: SectionProps) {
  const { t } = useTranslation('design');
  const { register, setValue, control } = useFormContext<DesignDraft>();
  const [cityId, weatherSource] = useWatch({ control, name: ['city', 'weatherSource'] });
  const city = findCity(cityId);
  const cityError = issues.city ?? issues.weather;
  const cityField = register('city', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = findCity(event.target.value);
      // A city with sourced design weather uses it; otherwise the reader types the weather or keeps the class density.
      if (chosen?.weather) setValue('weatherSource', 'city');
      else if (weatherSource === 'city') setValue('weatherSource', 'class');
    },
  });
  return (
    <>
      <Field id={`${uid}-city`} label={t('site.city')} error={cityError}>
        <div className="relative">
          <select {...fieldAria(`${uid}-city`, cityError)} className={cn(inputClasses, 'appearance-none pr-9')} {...cityField}>
            <option value="">{t('site.cityPlaceholder')}</option>
            {CITIES_BY_COUNTRY.map(({ country, cities }) => (
              <optgroup key={country} label={t(`site.countries.${country}`)}>
                {cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${c.name}, ${c.province}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        </div>
      </Field>
      {city && !city.weather ? (
        <Alert variant="notice" role="status">
          {t('site.noWeather', { city: `${city.name}, ${city.province}` })}
        </Alert>
      ) : null}
      {city ? <CityClimateNote cityId={city.id} name={city.name} /> : null}
      {city?.weather && city.weatherSource ? <p className="text-xs text-muted-foreground">{t('site.weatherFrom', { source: city.weatherSource })}</p> : null}
    </>
  );
}

/** Where the design weather comes from (the city's, typed, or the snow class's density), and the typed weather. */
function WeatherFields({ uid, issues }: SectionProps) {
  const { t } = useTranslation('design');
  const { register, setValue, control } = useFormContext<DesignDraft>();
  const [cityId, weatherSource] = useWatch({ control, name: ['city', 'weatherSource'] });
  const city = findCity(cityId);
  const number = { valueAsNumber: true } as const;
  const sources: WeatherSource[] = city?.weather ? ['city', 'typed', 'class'] : ['typed', 'class'];
  return (
    <>
      <Choice
        legend={t('site.weatherSource')}
        name={`${uid}-source`}
        value={weatherSource}
        options={sources.map((source) => ({ value: source, label: t(`site.sources.${source}`) }))}
        onChange={(next) => setValue('weatherSource', next, { shouldDirty: true })}
      />
      {weatherSource === 'typed' ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">{t('site.weather.legend')}</legend>
          <TextField id={`${uid}-snow`} label={t('site.weather.snowfallUnit')} type="number" step="any" error={issues['weather.snowfallMmPerHour']} {...register('weather.snowfallMmPerHour', number)} />
          <TextField id={`${uid}-air`} label={t('site.weather.airTempUnit')} type="number" step="any" error={issues['weather.airTempC']} {...register('weather.airTempC', number)} />
          <TextField
            id={`${uid}-wind`}
            label={t('site.weather.windUnit')}
            hint={t('site.weather.windHint')}
            type="number"
            step="any"
            error={issues['weather.windMs']}
            {...register('weather.windMs', number)}
          />
          <TextField
            id={`${uid}-rh`}
            label={t('site.weather.humidityUnit')}
            hint={t('site.weather.humidityHint')}
            type="number"
            step="any"
            error={issues['weather.humidityPct']}
            {...register('weather.humidityPct', number)}
          />
        </fieldset>
      ) : null}
    </>
  );
}

/** How clear of snow the surface must stay (a class, or a typed ratio), and the density used when the class decides. */
function SnowClassFields({ uid, issues }: SectionProps) {
  const { t, i18n } = useTranslation('design');
  const { register, setValue, control } = useFormContext<DesignDraft>();
  const [weatherSource, snowClass, snowFreeRatio] = useWatch({ control, name: ['weatherSource', 'snowClass', 'snowFreeRatio'] });
  const number = { valueAsNumber: true } as const;
  const setClass = (next: ClassChoice) => {
    setValue('snowClass', next, { shouldDirty: true });
    const preset = next === 'custom' ? classOfRatio(Number.isFinite(snowFreeRatio) ? snowFreeRatio : 0) : next;
    if (next !== 'custom') setValue('snowFreeRatio', CLASS_DENSITIES[next].snowFreeRatio, { shouldDirty: true });
    setValue('classDensityWm2', CLASS_DENSITIES[preset].typicalWm2, { shouldDirty: true });
  };
  return (
    <>
      <Choice
        legend={t('site.class')}
        name={`${uid}-class`}
        value={snowClass}
        options={[...SNOW_CLASSES, 'custom' as const].map((c) => ({
          value: c,
          label: c === 'custom' ? t('site.classes.custom') : t('site.classes.withRatio', { name: t(`site.classes.${c}`), ratio: formatNumber(CLASS_DENSITIES[c].snowFreeRatio, i18n.language) }),
        }))}
        onChange={setClass}
      />
      {snowClass === 'custom' ? (
        <TextField
          id={`${uid}-ratio`}
          label={t('site.snowFreeRatio')}
          hint={t('site.snowFreeRatioHint')}
          type="number"
          step="any"
          min={0}
          max={1}
          error={issues.snowFreeRatio}
          {...register('snowFreeRatio', number)}
        />
      ) : null}
      {weatherSource === 'class' ? (
        <TextField
          id={`${uid}-density`}
          label={t('site.classDensity')}
          hint={t('site.classDensityHint')}
          type="number"
          step="any"
          error={issues.classDensityWm2}
          {...register('classDensityWm2', number)}
        />
      ) : null}
    </>
  );
}

/** The surface and its back loss, the supply voltage, the system and its control, the electricity price and the service. */
function ElectricalFields({ uid, issues, products }: SectionProps & { products?: readonly DesignProduct[] }) {
  const { t, i18n } = useTranslation('design');
  const voltages = useVoltageRatings(products);
  const { register } = useFormContext<DesignDraft>();
  const number = { valueAsNumber: true } as const;
  return (
    <div className="grid grid-cols-2 items-end gap-3">
      <SelectField
        id={`${uid}-surface`}
        label={t('site.surface')}
        error={issues.surface}
        options={SURFACES.map((s) => ({ value: s, label: t(`site.surfaces.${s}`) }))}
        {...register('surface')}
      />
      <TextField id={`${uid}-backloss`} label={t('site.backLossUnit')} type="number" step="any" error={issues.backLossPct} {...register('backLossPct', number)} />
      <SelectField
        id={`${uid}-voltage`}
        label={t('site.voltage')}
        error={issues.voltage}
        fieldClassName="col-span-2"
        hint={voltages && voltages.ratings.length > 0 ? t('site.voltageRatings', { ratings: voltages.ratings.map((v) => formatNumber(v, i18n.language, 0)).join(' / ') }) : undefined}
        options={VOLTAGES.map((v) => ({ value: String(v), label: voltages && !voltages.served.has(v) ? t('site.voltageUnrated', { voltage: v }) : `${v} V` }))}
        {...register('voltage', { setValueAs: (v: string | number) => Number(v) })}
      />
      <SelectField
        id={`${uid}-system`}
        label={t('site.system')}
        error={issues.system}
        options={SYSTEMS.map((s) => ({ value: s, label: t(`site.systems.${s}`) }))}
        {...register('system')}
      />
      <SelectField
        id={`${uid}-control`}
        label={t('site.control')}
        error={issues.control}
        fieldClassName="col-span-2"
        options={(['auto', ...CONTROLS] as const).map((c) => ({ value: c, label: t(`site.controls.${c}`) }))}
        {...register('control')}
      />
      <TextField
        id={`${uid}-price`}
        label={t('site.electricityPrice')}
        hint={t('site.electricityPriceHint')}
        type="number"
        step="any"
        fieldClassName="col-span-2"
        error={issues.electricityCentsPerKwh}
        {...register('electricityCentsPerKwh', number)}
      />
      <SelectField
        id={`${uid}-service`}
        label={t('site.service')}
        hint={t('site.serviceHint')}
        fieldClassName="col-span-2"
        error={issues.serviceAmps}
        options={SERVICE_CHOICES.map((c) => ({ value: c, label: t(`site.services.${c}`) }))}
        {...register('serviceAmps')}
      />
    </div>
  );
}
