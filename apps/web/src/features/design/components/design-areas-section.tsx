import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { AddArea } from './add-area';
import { AreaCard } from './area-card';
import type { AreaPreset, DesignDraft } from './design-draft';

type Props = {
  /** The heading's id, for the section's name. */
  headingId: string;
  unit: DesignDraft['unit'];
  onUnitChange: (unit: DesignDraft['unit']) => void;
  /** The areas' field ids, in order. */
  areaIds: string[];
  issues: Record<string, string>;
  onRemove: (index: number) => void;
  onAdd: (preset: AreaPreset) => void;
};

/** The design's areas, each a card, with the unit they are measured in and the button that adds one (20 at most). */
export function DesignAreasSection({ headingId, unit, onUnitChange, areaIds, issues, onRemove, onAdd }: Props) {
  const { t } = useTranslation('design');
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('areas.title')}
        </h2>
        <UnitChoice value={unit} onChange={onUnitChange} />
      </div>
      {areaIds.length ? (
        <ul className="grid gap-4">
          {areaIds.map((id, index) => (
            <AreaCard key={id} index={index} unit={unit} issues={issues} onRemove={() => onRemove(index)} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{t('areas.empty')}</p>
      )}
      <AddArea onAdd={onAdd} disabled={areaIds.length >= 20} />
    </section>
  );
}

function UnitChoice({ value, onChange }: { value: DesignDraft['unit']; onChange: (unit: DesignDraft['unit']) => void }) {
  const { t } = useTranslation('design');
  const uid = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('areas.units')}</legend>
      <div className="inline-flex rounded-md border p-0.5">
        {(['m', 'ft'] as const).map((unit) => (
          <label
            key={unit}
            className={cn(
              'cursor-pointer rounded px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === unit ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            <input type="radio" className="sr-only" name={`${uid}-unit`} value={unit} checked={value === unit} onChange={() => onChange(unit)} />
            {t(`areas.unitNames.${unit}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
