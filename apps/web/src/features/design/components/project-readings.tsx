import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, CircleCheckIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { installationOpen, READING_PHASES, ReadingInput, type DesignProject } from '@meltway/shared/design/project.schema';
import { CONTINUITY_TOLERANCE } from '@meltway/shared/design/readings';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { localeTag } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useAddReading, useDeleteReading } from '../api/project-installation';
import { useDesignMessages } from './design-message';

type Reading = DesignProject['readings'][number];
type Unit = DesignProject['units'][number];
type Phase = (typeof READING_PHASES)[number];
type Part = 'insulation' | 'continuity';
type Values = Record<string, string>;

/** A typed measurement: a French decimal comma counts as a point; blank or anything else is not a number, for the schema to refuse. */
function readNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim().replace(/\s/g, '').replace(',', '.') : '';
  return text === '' ? Number.NaN : Number(text);
}

/** The box of one part of one unit's test; flat names, so a unit's name never reads as a path. */
const field = (index: number, phase: Phase, part: Part) => `u${index}_${phase}_${part}`;
const PARTS: Part[] = ['insulation', 'continuity'];
const partOf = (path: unknown): Part | undefined => (path === 'insulationMOhm' ? 'insulation' : path === 'continuityOhm' ? 'continuity' : undefined);

/**
 * Every mat and cable of the project in one table, with its tests before and after the pour: typed along a row
 * (Tab from box to box, Enter saves the row), each recorded test shown passed or failed against its unit's rule,
 * and, when failed, what to do. Under the `md` breakpoint the same table's rows stack into one block per unit
 * (the unit, then before the pour, after the pour and its save button), so a phone never scrolls sideways; the
 * header row stays for screen readers, and the same boxes keep their labels and tab order.
 */
export function ProjectReadings({ project }: { project: DesignProject }) {
  const { t, i18n } = useTranslation('design-projects');
  const messages = useDesignMessages();
  const canRecord = project.editable && installationOpen(project.status);
  const add = useAddReading();
  const remove = useDeleteReading();
  const [deleting, setDeleting] = useState<Reading | null>(null);
  const [saving, setSaving] = useState(false);
  const language = localeTag(i18n.resolvedLanguage);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  // What a box holds is read back by `readNumber`: no thousands separator.
  const typed = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false });
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const reading = (unit: string, phase: Phase) => project.readings.find((r) => r.unit === unit && r.phase === phase);
  const recordedValue = (found: Reading | undefined, part: Part) => (found ? typed.format(part === 'insulation' ? found.insulationMOhm : found.continuityOhm) : '');

  const defaults: Values = {};
  project.units.forEach((u, index) => {
    for (const phase of READING_PHASES) for (const part of PARTS) defaults[field(index, phase, part)] = recordedValue(reading(u.unit, phase), part);
  });
  const {
    register,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({ defaultValues: defaults });

  if (project.units.length === 0) return <p className="text-sm text-muted-foreground">{t('installation.noUnits')}</p>;

  /** The row's changed tests, checked by the shared schema; null when one is refused (its box says why). */
  const changedTests = (index: number) => {
    const unit = project.units[index]!;
    const tests: ReadingInput[] = [];
    let refused = false;
    for (const phase of READING_PHASES) {
      const insulation = getValues(field(index, phase, 'insulation')) ?? '';
      const continuity = getValues(field(index, phase, 'continuity')) ?? '';
      if (!insulation.trim() && !continuity.trim()) continue;
      const input = { unit: unit.unit, phase, insulationMOhm: readNumber(insulation), continuityOhm: readNumber(continuity) };
      const found = reading(unit.unit, phase);
      if (found && found.insulationMOhm === input.insulationMOhm && found.continuityOhm === input.continuityOhm) continue;
      const parsed = ReadingInput.safeParse(input);
      if (parsed.success) tests.push(parsed.data);
      else {
        refused = true;
        for (const issue of parsed.error.issues) {
          const part = partOf(issue.path[0]);
          if (part) setError(field(index, phase, part), { type: 'schema', message: messages.message(issue.message) }, { shouldFocus: true });
        }
      }
    }
    return refused ? null : tests;
  };

  /** Records the changed tests of `rows`, in order; the count recorded, or null when one was refused. */
  const save = async (rows: number[]) => {
    clearErrors(rows.flatMap((index) => READING_PHASES.flatMap((phase) => PARTS.map((part) => field(index, phase, part)))));
    const batches = rows.map((index) => ({ index, tests: changedTests(index) }));
    if (batches.some((b) => b.tests === null)) return null;
    let count = 0;
    setSaving(true);
    try {
      for (const { index, tests } of batches) {
        for (const test of tests!) {
          try {
            const answered = await add.mutateAsync({ id: project.id, input: test });
            const found = answered.readings.find((r) => r.unit === test.unit && r.phase === test.phase);
            for (const part of PARTS) setValue(field(index, test.phase, part), recordedValue(found, part));
            count++;
          } catch (error) {
            const issue = error instanceof ApiError ? error.issues.find((i) => partOf(i.path)) : undefined;
            if (issue) setError(field(index, test.phase, partOf(issue.path)!), { type: 'server', message: messages.message(issue.message, issue.code, issue.params) }, { shouldFocus: true });
            else notify.error(messages.error(error, t('installation.recordFailed')));
            return null;
          }
        }
      }
    } finally {
      setSaving(false);
    }
    if (count > 0) notify.success(t('installation.recordedCount', { count }));
    else notify.info(t('installation.nothingToSave'));
    return count;
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!saving) void save([index]);
  };

  const rule = (unit: Unit) => (
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

  const verdictId = (index: number, phase: Phase) => `reading-verdict-${project.id}-${index}-${phase}`;
  const verdict = (index: number, phase: Phase, found: Reading | undefined) => {
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
  };

  const phaseCell = (unit: Unit, index: number, phase: Phase) => {
    const found = reading(unit.unit, phase);
    const phaseName = t(`phases.${phase}`);
    const describedBy = verdictId(index, phase);
    return (
      <TableCell key={phase} className="align-top max-md:block max-md:p-0">
        {/* The column's header, shown in the unit's block on a phone; screen readers have the header row. */}
        <span aria-hidden className="mb-1 block text-sm font-medium text-muted-foreground md:hidden">
          {t(`phaseOptions.${phase}`)}
        </span>
        {canRecord ? (
          <div className="flex items-start gap-2">
            {PARTS.map((part) => {
              const name = field(index, phase, part);
              const error = errors[name]?.message;
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
                      onKeyDown={onKeyDown(index)}
                      {...register(name)}
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
                disabled={remove.isPending}
                onClick={() => setDeleting(found)}
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
          {verdict(index, phase, found)}
        </div>
      </TableCell>
    );
  };

  return (
    // One column no wider than the panel: on a phone the rows stack; wider, the table scrolls inside it rather than widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void save(project.units.map((_, index) => index));
        }}
      >
        <div className="rounded-lg border">
          <Table aria-label={t('installation.units')} className="max-md:block">
            <TableHeader className="max-md:sr-only">
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('installation.unit')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('installation.product')}</TableHead>
                {READING_PHASES.map((phase) => (
                  <TableHead key={phase} className="whitespace-normal">
                    {t(`phaseOptions.${phase}`)}
                    {canRecord ? <span className="block text-xs font-normal">{t('installation.parts')}</span> : null}
                  </TableHead>
                ))}
                {canRecord ? (
                  <TableHead>
                    <span className="sr-only">{t('installation.save')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody className="max-md:block">
              {project.units.map((unit, index) => (
                <TableRow key={unit.unit} className="max-md:grid max-md:gap-3 max-md:p-3">
                  <TableCell className="align-top max-md:block max-md:p-0">
                    <span className="font-mono font-medium whitespace-nowrap">{unit.unit}</span>
                    <span className="block text-xs text-muted-foreground">{unit.area}</span>
                    {/* The product has its own column from `md` up. */}
                    <span className="block text-xs md:hidden">
                      {unit.name} <span className="font-mono text-muted-foreground">{unit.sku}</span>
                    </span>
                    {rule(unit)}
                  </TableCell>
                  <TableCell className="hidden align-top md:table-cell">
                    <span className="block">{unit.name}</span>
                    <span className="block font-mono text-xs text-muted-foreground">{unit.sku}</span>
                  </TableCell>
                  {READING_PHASES.map((phase) => phaseCell(unit, index, phase))}
                  {canRecord ? (
                    <TableCell className="align-top max-md:block max-md:p-0">
                      <Button variant="outline" size="sm" className="md:w-9 md:px-0" aria-label={t('installation.saveRow', { unit: unit.unit })} disabled={saving} onClick={() => void save([index])}>
                        <SaveIcon aria-hidden />
                        <span className="md:hidden">{t('installation.save')}</span>
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {canRecord ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner /> : <SaveIcon aria-hidden />}
              {t('installation.saveAll')}
            </Button>
            <p className="text-sm text-muted-foreground">{t('installation.keyboardHint')}</p>
          </div>
        ) : null}
      </form>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? t('installation.deleteTitle', { unit: deleting.unit, phase: t(`phases.${deleting.phase}`) }) : ''}
        description={t('installation.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => {
          if (!deleting) return;
          const index = project.units.findIndex((u) => u.unit === deleting.unit);
          const phase = deleting.phase;
          remove.mutate(
            { id: project.id, readingId: deleting.id },
            {
              onSuccess: () => {
                if (index >= 0) for (const part of PARTS) setValue(field(index, phase, part), '');
                notify.success(t('installation.deleted'));
              },
              onError: (error) => notify.error(messages.error(error, t('installation.deleteFailed'))),
            },
          );
        }}
      />
    </div>
  );
}
