import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, CircleCheckIcon, Trash2Icon } from 'lucide-react';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { CONTINUITY_TOLERANCE } from '@meltway/shared/design/readings';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TableCell } from '@/components/ui/table';
import { PARTS, readingField, useReadingFormats, type Phase, type ProjectReadingsForm, type Reading } from './use-project-readings';

type Unit = DesignProject['units'][number];

/** A unit's rule: the least insulation, then the continuity's range around its nominal resistance. */
export function ReadingRule({ unit }: { unit: Unit }) {
  const { t } = useTranslation('design-projects');
  const { number, percent } = useReadingFormats();
  return (
    // Two lines: the insulation, then the continuity (which may wrap on the narrowest phone).
    <span className="mt-1 block text-xs text-muted-foreground tabular-nums">
      <span className="sr-only">{t('installation.ruleLabel')} </span>
      <span className="block whitespace-nowrap">{t('installation.ruleInsulation', { min: number.format(unit.rule.minInsulationMOhm) })}</span>
      <span className="block md:whitespace-nowrap">
        {t('installation.ruleContinuity', {
          nominal: number.format(unit.rule.nominalOhm),
          tolerance: percent.format(CONTINUITY_TOLERANCE),
          min: number.format(unit.rule.minOhm),
          max: number.format(unit.rule.maxOhm),
        })}
      </span>
    </span>
  );
}

/** A test's verdict: not tested, passed, or failed with what failed and what to do. */
function ReadingVerdict({ phase, found }: { phase: Phase; found: Reading | undefined }) {
  const { t } = useTranslation('design-projects');
  const { number } = useReadingFormats();
  if (!found) return <span className="text-xs text-muted-foreground">{t('installation.notTested')}</span>;
  if (found.passed) {
    return (
      <span className="flex items-center gap-1 text-xs font-medium text-success">
        <CircleCheckIcon className="size-3.5 shrink-0" aria-hidden />
        {t('installation.passed')}
      </span>
    );
  }
  const what = [
    ...(found.insulationPassed ? [] : [t('installation.failedInsulation', { value: number.format(found.insulationMOhm), min: number.format(found.rule.minInsulationMOhm) })]),
    ...(found.continuityPassed ? [] : [t('installation.failedContinuity', { value: number.format(found.continuityOhm), min: number.format(found.rule.minOhm), max: number.format(found.rule.maxOhm) })]),
  ];
  return (
    <span className="grid gap-0.5 text-xs md:max-w-64">
      <span className="flex items-start gap-1 font-medium text-destructive">
        <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
        {t('installation.failed', { what: what.join(t('installation.and')) })}
      </span>
      <span className="text-muted-foreground">{t(phase === 'before' ? 'installation.fixBefore' : 'installation.fixAfter')}</span>
    </span>
  );
}

type PhaseCellProps = {
  projectId: string;
  unit: Unit;
  index: number;
  phase: Phase;
  /** The boxes and the delete button are shown (otherwise the recorded values). */
  canRecord: boolean;
  form: ProjectReadingsForm;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

/** One unit's test of one phase: its two boxes (or recorded values), the delete button, and the verdict. */
export function ReadingPhaseCell({ projectId, unit, index, phase, canRecord, form, onKeyDown }: PhaseCellProps) {
  const { t } = useTranslation('design-projects');
  const { number } = useReadingFormats();
  const found = form.reading(unit.unit, phase);
  const phaseName = t(`phases.${phase}`);
  const describedBy = `reading-verdict-${projectId}-${index}-${phase}`;
  return (
    <TableCell className="align-top max-md:block max-md:p-0">
      {/* The column's header, shown in the unit's block on a phone; screen readers have the header row. */}
      <span aria-hidden className="mb-1 block text-sm font-medium text-muted-foreground md:hidden">
        {t(`phaseOptions.${phase}`)}
      </span>
      {canRecord ? (
        <div className="flex items-start gap-2">
          {PARTS.map((part) => {
            const name = readingField(index, phase, part);
            const error = form.errors[name]?.message;
            return (
              <div key={part} className="grid min-w-0 gap-1 max-md:flex-1 md:w-28">
                <div className="flex items-center gap-1">
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    className="h-9 px-2 tabular-nums"
                    aria-label={t(part === 'insulation' ? 'installation.insulationOf' : 'installation.continuityOf', { unit: unit.unit, phase: phaseName })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${describedBy}-${part}-error ${describedBy}` : describedBy}
                    onKeyDown={onKeyDown}
                    {...form.register(name)}
                  />
                  <span aria-hidden className="w-6 shrink-0 text-xs text-muted-foreground">
                    {part === 'insulation' ? 'MΩ' : 'Ω'}
                  </span>
                </div>
                {error ? (
                  <span id={`${describedBy}-${part}-error`} className="text-xs text-destructive">
                    {error}
                  </span>
                ) : null}
              </div>
            );
          })}
          {found ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-muted-foreground hover:text-destructive"
              aria-label={t('installation.deleteReading', { unit: unit.unit, phase: phaseName })}
              disabled={form.removing}
              onClick={() => form.setDeleting(found)}
            >
              <Trash2Icon aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : found ? (
        <span className="grid tabular-nums">
          <span className="whitespace-nowrap">{t('installation.insulationValue', { value: number.format(found.insulationMOhm) })}</span>
          <span className="whitespace-nowrap">{t('installation.continuityValue', { value: number.format(found.continuityOhm) })}</span>
        </span>
      ) : null}
      <div id={describedBy} className="mt-1">
        <ReadingVerdict phase={phase} found={found} />
      </div>
    </TableCell>
  );
}
