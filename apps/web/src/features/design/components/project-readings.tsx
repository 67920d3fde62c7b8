import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveIcon } from 'lucide-react';
import { installationOpen, READING_PHASES, type DesignProject } from '@meltway/shared/design/project.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ReadingPhaseCell, ReadingRule } from './reading-cells';
import { useProjectReadings } from './use-project-readings';

/**
 * Every mat and cable of the project in one table, with its tests before and after the pour: typed along a row
 * (Tab from box to box, Enter saves the row), each recorded test shown passed or failed against its unit's rule,
 * and, when failed, what to do. Under the `md` breakpoint the same table's rows stack into one block per unit
 * (the unit, then before the pour, after the pour and its save button), so a phone never scrolls sideways; the
 * header row stays for screen readers, and the same boxes keep their labels and tab order.
 */
export function ProjectReadings({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const canRecord = project.editable && installationOpen(project.status);
  const form = useProjectReadings(project);
  const { deleting } = form;

  if (project.units.length === 0) return <p className="text-sm text-muted-foreground">{t('installation.noUnits')}</p>;

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!form.saving) void form.save([index]);
  };

  return (
    // One column no wider than the panel: on a phone the rows stack; wider, the table scrolls inside it rather than widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.saving) void form.save(project.units.map((_, index) => index));
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
                    <ReadingRule unit={unit} />
                  </TableCell>
                  <TableCell className="hidden align-top md:table-cell">
                    <span className="block">{unit.name}</span>
                    <span className="block font-mono text-xs text-muted-foreground">{unit.sku}</span>
                  </TableCell>
                  {READING_PHASES.map((phase) => (
                    <ReadingPhaseCell key={phase} projectId={project.id} unit={unit} index={index} phase={phase} canRecord={canRecord} form={form} onKeyDown={onKeyDown(index)} />
                  ))}
                  {canRecord ? (
                    <TableCell className="align-top max-md:block max-md:p-0">
                      <Button variant="outline" size="sm" className="md:w-9 md:px-0" aria-label={t('installation.saveRow', { unit: unit.unit })} disabled={form.saving} onClick={() => void form.save([index])}>
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
            <Button type="submit" disabled={form.saving}>
              {form.saving ? <Spinner /> : <SaveIcon aria-hidden />}
              {t('installation.saveAll')}
            </Button>
            <p className="text-sm text-muted-foreground">{t('installation.keyboardHint')}</p>
          </div>
        ) : null}
      </form>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => {
          if (!open) form.setDeleting(null);
        }}
        title={deleting ? t('installation.deleteTitle', { unit: deleting.unit, phase: t(`phases.${deleting.phase}`) }) : ''}
        description={t('installation.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={form.confirmDelete}
      />
    </div>
  );
}
