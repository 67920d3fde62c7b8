import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2Icon } from 'lucide-react';
import { installationOpen, READING_PHASES, ReadingInput, type DesignProject } from '@meltway/shared/design/project.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { localeTag } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAddReading, useDeleteReading } from '../api/project-installation';
import { useDesignMessages } from './design-message';
import { showProjectIssues } from './project-form-issues';

type Reading = DesignProject['readings'][number];
type Phase = (typeof READING_PHASES)[number];

/** A typed measurement: a French decimal comma counts as a point; blank or anything else is not a number, for the schema to refuse. */
function readNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim().replace(/\s/g, '').replace(',', '.') : '';
  return text === '' ? Number.NaN : Number(text);
}

/** The mats and cables of the project with their tests before and after the pour, and the form to record one. */
export function ProjectReadings({ project }: { project: DesignProject }) {
  const { t, i18n } = useTranslation('design-projects');
  const messages = useDesignMessages();
  const canRecord = project.editable && installationOpen(project.status);
  const remove = useDeleteReading();
  const [deleting, setDeleting] = useState<Reading | null>(null);
  const number = new Intl.NumberFormat(localeTag(i18n.resolvedLanguage), { maximumFractionDigits: 3 });
  const reading = (unit: string, phase: Phase) => project.readings.find((r) => r.unit === unit && r.phase === phase);

  if (project.units.length === 0) return <p className="text-sm text-muted-foreground">{t('installation.noUnits')}</p>;

  const cell = (unit: string, phase: Phase) => {
    const found = reading(unit, phase);
    if (!found) return <span className="text-muted-foreground">{t('installation.notTested')}</span>;
    return (
      <span className="flex items-center gap-1">
        <span className="grid tabular-nums">
          <span className="whitespace-nowrap">{t('installation.insulationValue', { value: number.format(found.insulationMOhm) })}</span>
          <span className="whitespace-nowrap">{t('installation.continuityValue', { value: number.format(found.continuityOhm) })}</span>
        </span>
        {canRecord ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive"
            aria-label={t('installation.deleteReading', { unit, phase: t(`phases.${phase}`) })}
            disabled={remove.isPending}
            onClick={() => setDeleting(found)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </span>
    );
  };

  return (
    // One column no wider than the panel: the table scrolls inside it rather than widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="rounded-lg border">
        <Table aria-label={t('installation.units')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="px-2 sm:px-3">{t('installation.unit')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('installation.product')}</TableHead>
              {READING_PHASES.map((phase) => (
                <TableHead key={phase} className="px-2 whitespace-normal sm:px-3">
                  {t(`phaseOptions.${phase}`)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {project.units.map((unit) => (
              <TableRow key={unit.unit}>
                <TableCell className="px-2 sm:px-3">
                  <span className="font-mono font-medium whitespace-nowrap">{unit.unit}</span>
                  <span className="block text-xs text-muted-foreground">{unit.area}</span>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <span className="block">{unit.name}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{unit.sku}</span>
                </TableCell>
                {READING_PHASES.map((phase) => (
                  <TableCell key={phase} className="px-2 sm:px-3">
                    {cell(unit.unit, phase)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {canRecord ? <ReadingForm project={project} /> : null}
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
          remove.mutate(
            { id: project.id, readingId: deleting.id },
            {
              onSuccess: () => notify.success(t('installation.deleted')),
              onError: (error) => notify.error(messages.error(error, t('installation.deleteFailed'))),
            },
          );
        }}
      />
    </div>
  );
}

function ReadingForm({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const uid = useId();
  const messages = useDesignMessages();
  const message = (text: string | undefined) => (text ? messages.message(text) : undefined);
  const add = useAddReading();
  const form = useSchemaForm(ReadingInput, {
    unit: '',
    phase: 'before',
    // The boxes start empty; the schema refuses them until a number is typed.
    insulationMOhm: '' as unknown as number,
    continuityOhm: '' as unknown as number,
  });
  const {
    register,
    setError,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ id: project.id, input: values });
      notify.success(t('installation.recorded', { unit: values.unit }));
      // The next test is usually the next unit's, in the same phase.
      reset({ unit: '', phase: getValues('phase'), insulationMOhm: '' as unknown as number, continuityOhm: '' as unknown as number });
    } catch (error) {
      if (!showProjectIssues(error, setError, ['unit', 'phase', 'insulationMOhm', 'continuityOhm'], messages)) {
        notify.error(messages.error(error, t('installation.recordFailed')));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <h3 className="font-semibold">{t('installation.formTitle')}</h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id={`${uid}-unit`}
          label={t('installation.unit')}
          placeholder={t('installation.chooseUnit')}
          options={project.units.map((u) => ({ value: u.unit, label: `${u.unit} · ${u.area}` }))}
          error={message(errors.unit?.message)}
          {...register('unit')}
        />
        <SelectField
          id={`${uid}-phase`}
          label={t('installation.phase')}
          options={READING_PHASES.map((phase) => ({ value: phase, label: t(`phaseOptions.${phase}`) }))}
          error={message(errors.phase?.message)}
          {...register('phase')}
        />
        <TextField
          id={`${uid}-insulation`}
          label={t('installation.insulation')}
          inputMode="decimal"
          autoComplete="off"
          error={message(errors.insulationMOhm?.message)}
          {...register('insulationMOhm', { setValueAs: readNumber })}
        />
        <TextField
          id={`${uid}-continuity`}
          label={t('installation.continuity')}
          inputMode="decimal"
          autoComplete="off"
          error={message(errors.continuityOhm?.message)}
          {...register('continuityOhm', { setValueAs: readNumber })}
        />
      </div>
      <div>
        <SubmitButton pending={add.isPending}>{t('installation.record')}</SubmitButton>
      </div>
    </form>
  );
}
