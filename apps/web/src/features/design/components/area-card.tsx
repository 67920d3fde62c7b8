import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import type { Exclusion, Point } from '@meltway/shared/design/design.schema';
import { EXCLUSION_KINDS } from '@meltway/shared/design/options';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { AreaGrid } from './area-grid';
import { EXCLUSION_SIZE_M } from './use-area-grid';
import { rectangleCorners, sides, type AreaDraft, type AreaShape, type DesignDraft } from './design-draft';
import { LengthField } from './length-field';
import type { LengthUnit } from './units';

type Issues = Record<string, string>;

/** The drawn outline typed corner by corner: the grid's keyboard alternative. */
function CornerList({ polygon, unit, onChange, error }: { polygon: Point[]; unit: LengthUnit; onChange: (next: Point[]) => void; error?: string }) {
  const { t } = useTranslation('design');
  const uid = useId();
  const set = (index: number, axis: 0 | 1, metres: number) => onChange(polygon.map((p, i) => (i === index ? (axis === 0 ? [metres, p[1]] : [p[0], metres]) : p)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${uid}-error` : undefined}>
      <legend className="text-sm font-medium">{t('areas.corners')}</legend>
      <div className="grid grid-cols-[1.5rem_1fr_1fr_2.5rem] gap-2 text-xs text-muted-foreground" aria-hidden>
        <span>#</span>
        <span>{`x (${t(`units.${unit}`)})`}</span>
        <span>{`y (${t(`units.${unit}`)})`}</span>
      </div>
      <ol className="grid gap-2">
        {polygon.map(([x, y], i) => (
          <li key={i} className="grid grid-cols-[1.5rem_1fr_1fr_2.5rem] items-center gap-2">
            <span className="text-sm text-muted-foreground tabular-nums" aria-hidden>
              {i + 1}
            </span>
            <LengthField id={`${uid}-${i}-x`} label={t('areas.cornerX', { n: i + 1 })} labelHidden value={x} unit={unit} onChange={(m) => set(i, 0, m)} />
            <LengthField id={`${uid}-${i}-y`} label={t('areas.cornerY', { n: i + 1 })} labelHidden value={y} unit={unit} onChange={(m) => set(i, 1, m)} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('areas.removeCorner', { n: i + 1 })}
              disabled={polygon.length <= 3}
              onClick={() => onChange(polygon.filter((_, j) => j !== i))}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      {error ? (
        <p id={`${uid}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={polygon.length >= 100}
        onClick={() => {
          const last = polygon.at(-1) ?? [0, 0];
          onChange([...polygon, [last[0] + 1, last[1]]]);
        }}
      >
        <PlusIcon aria-hidden />
        {t('areas.addCorner')}
      </Button>
    </fieldset>
  );
}

/** Drains, posts and other obstacles of an area, typed: position of the corner nearest the origin and size. */
function ExclusionList({ exclusions, unit, onChange, error }: { exclusions: Exclusion[]; unit: LengthUnit; onChange: (next: Exclusion[]) => void; error?: string }) {
  const { t } = useTranslation('design');
  const uid = useId();
  const set = (index: number, patch: Partial<Exclusion>) => onChange(exclusions.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${uid}-error` : undefined}>
      <legend className="text-sm font-medium">{t('areas.exclusions')}</legend>
      {exclusions.length ? null : <p className="text-xs text-muted-foreground">{t('areas.noExclusions')}</p>}
      <ul className="grid gap-3">
        {exclusions.map((ex, i) => (
          <li key={i} className="grid gap-2 rounded-md border p-2">
            <div className="flex items-end gap-2">
              <SelectField
                id={`${uid}-${i}-kind`}
                label={t('areas.exclusionKind', { n: i + 1 })}
                fieldClassName="flex-1"
                value={ex.kind}
                options={EXCLUSION_KINDS.map((kind) => ({ value: kind, label: t(`areas.kinds.${kind}`) }))}
                onChange={(e) => set(i, { kind: e.target.value as Exclusion['kind'] })}
              />
              <Button variant="ghost" size="icon" aria-label={t('areas.removeExclusion', { n: i + 1 })} onClick={() => onChange(exclusions.filter((_, j) => j !== i))}>
                <Trash2Icon aria-hidden />
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <LengthField id={`${uid}-${i}-x`} label={t('areas.exclusionX')} value={ex.x} unit={unit} onChange={(x) => set(i, { x })} />
              <LengthField id={`${uid}-${i}-y`} label={t('areas.exclusionY')} value={ex.y} unit={unit} onChange={(y) => set(i, { y })} />
              <LengthField id={`${uid}-${i}-w`} label={t('areas.width')} value={ex.widthM} unit={unit} onChange={(widthM) => set(i, { widthM })} />
              <LengthField id={`${uid}-${i}-l`} label={t('areas.length')} value={ex.lengthM} unit={unit} onChange={(lengthM) => set(i, { lengthM })} />
            </div>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${uid}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={exclusions.length >= 50}
        onClick={() => onChange([...exclusions, { kind: 'drain', x: 0.5, y: 0.5, widthM: EXCLUSION_SIZE_M.drain, lengthM: EXCLUSION_SIZE_M.drain }])}
      >
        <PlusIcon aria-hidden />
        {t('areas.addExclusion')}
      </Button>
    </fieldset>
  );
}

/** One area of the project: its name, its outline typed or drawn, and its exclusions. */
export function AreaCard({ index, unit, issues, onRemove }: { index: number; unit: LengthUnit; issues: Issues; onRemove: () => void }) {
  const { t } = useTranslation('design');
  const uid = useId();
  const { register, setValue, control } = useFormContext<DesignDraft>();
  const area = useWatch({ control, name: `areas.${index}` }) as AreaDraft;
  const at = (field: string) => issues[`areas.${index}.${field}`];
  const update = (patch: Partial<AreaDraft>) => setValue(`areas.${index}`, { ...area, ...patch }, { shouldDirty: true });
  const setShape = (shape: AreaShape) => {
    if (shape === area.shape) return;
    if (shape === 'polygon') update({ shape, polygon: rectangleCorners(area.widthM, area.lengthM) });
    else update({ shape, ...(area.polygon.length >= 3 ? sides(area.polygon) : {}) });
  };
  const whole = issues[`areas.${index}`];

  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm" aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`} className="sr-only">
        {area.name || t('areas.unnamed', { n: index + 1 })}
      </h3>
      <div className="flex items-end gap-2">
        <TextField id={`${uid}-name`} label={t('areas.name')} fieldClassName="flex-1" error={at('name')} autoComplete="off" {...register(`areas.${index}.name`)} />
        <Button variant="ghost" size="icon" aria-label={t('areas.remove', { name: area.name || index + 1 })} onClick={onRemove}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">{t('areas.shape')}</legend>
        <div className="mt-2 inline-flex rounded-md border p-0.5">
          {(['rect', 'polygon'] as const).map((shape) => (
            <label
              key={shape}
              className={cn(
                'cursor-pointer rounded px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                area.shape === shape ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              <input type="radio" className="sr-only" name={`${uid}-shape`} value={shape} checked={area.shape === shape} onChange={() => setShape(shape)} />
              {t(`areas.shapes.${shape}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {area.shape === 'rect' ? (
        <div className="grid grid-cols-2 gap-3">
          <LengthField id={`${uid}-width`} label={t('areas.width')} value={area.widthM} unit={unit} error={at('widthM')} onChange={(widthM) => update({ widthM })} />
          <LengthField id={`${uid}-length`} label={t('areas.length')} value={area.lengthM} unit={unit} error={at('lengthM')} onChange={(lengthM) => update({ lengthM })} />
        </div>
      ) : (
        <CornerList polygon={area.polygon} unit={unit} error={at('polygon')} onChange={(polygon) => update({ polygon })} />
      )}
      <AreaGrid
        area={area}
        unit={unit}
        onRectangle={(widthM, lengthM) => update({ shape: 'rect', widthM, lengthM, polygon: rectangleCorners(widthM, lengthM) })}
        onPolygon={(polygon) => update({ shape: 'polygon', polygon, ...sides(polygon) })}
        onExclusion={(exclusion) => update({ exclusions: [...area.exclusions, exclusion].slice(0, 50) })}
      />
      <ExclusionList exclusions={area.exclusions} unit={unit} error={at('exclusions')} onChange={(exclusions) => update({ exclusions })} />
      {whole ? (
        <Alert variant="error" role="alert">
          {whole}
        </Alert>
      ) : null}
    </li>
  );
}
