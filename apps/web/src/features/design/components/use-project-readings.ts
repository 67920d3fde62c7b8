import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { READING_PHASES, ReadingInput, type DesignProject } from '@meltway/shared/design/project.schema';
import { ApiError } from '@/lib/api-client';
import { localeTag } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useAddReading, useDeleteReading } from '../api/project-installation';
import { useDesignMessages } from './design-message';

export type Reading = DesignProject['readings'][number];
export type Phase = (typeof READING_PHASES)[number];
export type Part = 'insulation' | 'continuity';
type Values = Record<string, string>;

/** A typed measurement: a French decimal comma counts as a point; blank or anything else is not a number, for the schema to refuse. */
function readNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim().replace(/\s/g, '').replace(',', '.') : '';
  return text === '' ? Number.NaN : Number(text);
}

/** The box of one part of one unit's test; flat names, so a unit's name never reads as a path. */
export const readingField = (index: number, phase: Phase, part: Part) => `u${index}_${phase}_${part}`;
export const PARTS: Part[] = ['insulation', 'continuity'];
const partOf = (path: unknown): Part | undefined => (path === 'insulationMOhm' ? 'insulation' : path === 'continuityOhm' ? 'continuity' : undefined);

/** The figures of the readings in the reader's language: shown (`number`, `percent`) and typed in a box (`typed`, no grouping). */
export function useReadingFormats() {
  const { i18n } = useTranslation('design-projects');
  const language = localeTag(i18n.resolvedLanguage);
  return {
    number: new Intl.NumberFormat(language, { maximumFractionDigits: 3 }),
    // What a box holds is read back by `readNumber`: no thousands separator.
    typed: new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false }),
    percent: new Intl.NumberFormat(language, { style: 'percent' }),
  };
}

/**
 * The readings table's form: a box per part of each unit's test, filled with what is recorded; `save` records the
 * changed tests of some rows (checked by the shared schema first), `confirmDelete` removes the reading asked for.
 */
export function useProjectReadings(project: DesignProject) {
  const { t } = useTranslation('design-projects');
  const messages = useDesignMessages();
  const { typed } = useReadingFormats();
  const add = useAddReading();
  const remove = useDeleteReading();
  const [deleting, setDeleting] = useState<Reading | null>(null);
  const [saving, setSaving] = useState(false);
  const reading = (unit: string, phase: Phase) => project.readings.find((r) => r.unit === unit && r.phase === phase);
  const recordedValue = (found: Reading | undefined, part: Part) => (found ? typed.format(part === 'insulation' ? found.insulationMOhm : found.continuityOhm) : '');

  const defaults: Values = {};
  project.units.forEach((u, index) => {
    for (const phase of READING_PHASES) for (const part of PARTS) defaults[readingField(index, phase, part)] = recordedValue(reading(u.unit, phase), part);
  });
  const {
    register,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({ defaultValues: defaults });

  /** The row's changed tests, checked by the shared schema; null when one is refused (its box says why). */
  const changedTests = (index: number) => {
    const unit = project.units[index]!;
    const tests: ReadingInput[] = [];
    let refused = false;
    for (const phase of READING_PHASES) {
      const insulation = getValues(readingField(index, phase, 'insulation')) ?? '';
      const continuity = getValues(readingField(index, phase, 'continuity')) ?? '';
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
          if (part) setError(readingField(index, phase, part), { type: 'schema', message: messages.message(issue.message) }, { shouldFocus: true });
        }
      }
    }
    return refused ? null : tests;
  };

  /** Records the changed tests of `rows`, in order; the count recorded, or null when one was refused. */
  const save = async (rows: number[]) => {
    clearErrors(rows.flatMap((index) => READING_PHASES.flatMap((phase) => PARTS.map((part) => readingField(index, phase, part)))));
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
            for (const part of PARTS) setValue(readingField(index, test.phase, part), recordedValue(found, part));
            count++;
          } catch (error) {
            const issue = error instanceof ApiError ? error.issues.find((i) => partOf(i.path)) : undefined;
            if (issue) setError(readingField(index, test.phase, partOf(issue.path)!), { type: 'server', message: messages.message(issue.message, issue.code, issue.params) }, { shouldFocus: true });
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

  const confirmDelete = () => {
    if (!deleting) return;
    const index = project.units.findIndex((u) => u.unit === deleting.unit);
    const phase = deleting.phase;
    remove.mutate(
      { id: project.id, readingId: deleting.id },
      {
        onSuccess: () => {
          if (index >= 0) for (const part of PARTS) setValue(readingField(index, phase, part), '');
          notify.success(t('installation.deleted'));
        },
        onError: (error) => notify.error(messages.error(error, t('installation.deleteFailed'))),
      },
    );
  };

  return { reading, register, errors, saving, save, deleting, setDeleting, removing: remove.isPending, confirmDelete };
}

/** What the table's cells receive of the form. */
export type ProjectReadingsForm = ReturnType<typeof useProjectReadings>;
