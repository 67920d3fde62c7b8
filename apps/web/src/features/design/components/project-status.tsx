import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, CheckIcon, CircleAlertIcon } from 'lucide-react';
import { PROJECT_STATUSES, type DesignProject } from '@meltway/shared/design/project.schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useUpdateProject } from '../api/projects';
import { useDesignMessages } from './design-message';

/** The step after `status`, if any: a project only moves forward, one step at a time. */
function nextStatus(status: DesignProject['status']) {
  return PROJECT_STATUSES[PROJECT_STATUSES.indexOf(status) + 1];
}

/** Designed → ordered → installed → inspected, where the project stands, and the button to the next step. */
export function ProjectStatus({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const messages = useDesignMessages();
  const update = useUpdateProject();
  const at = PROJECT_STATUSES.indexOf(project.status);
  const next = nextStatus(project.status);
  const hintId = useId();
  // Inspection waits for what is missing; the server refuses it too (409).
  const waiting = next === 'inspected' && project.missing.length > 0;

  return (
    <div className="grid gap-4">
      <ol aria-label={t('steps.label')} className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
        {PROJECT_STATUSES.map((status, index) => {
          const done = index < at;
          const current = index === at;
          return (
            <li
              key={status}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                current && 'border-primary bg-secondary font-semibold text-secondary-foreground',
                done && 'text-foreground',
                !done && !current && 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums',
                  (done || current) && 'border-primary bg-primary text-primary-foreground',
                )}
              >
                {done ? <CheckIcon className="size-3.5" strokeWidth={3} /> : index + 1}
              </span>
              {t(`status.${status}`)}
              <span className="sr-only">{done ? `(${t('steps.done')})` : current ? `(${t('steps.current')})` : ''}</span>
            </li>
          );
        })}
      </ol>
      {next && project.editable && waiting ? (
        <div className="grid gap-2">
          {/* Focusable though it does nothing yet, so a keyboard reaches it and hears why. */}
          <Button aria-disabled="true" aria-describedby={hintId} className="cursor-not-allowed opacity-60 hover:bg-primary" onClick={(event) => event.preventDefault()}>
            <CircleAlertIcon aria-hidden />
            {t('steps.waiting', { count: project.missing.length })}
          </Button>
          <p id={hintId} className="text-sm text-muted-foreground">
            {t('steps.waitingHint')}{' '}
            <a href="#project-missing-title" className="font-medium text-primary underline underline-offset-4">
              {t('steps.seeMissing')}
            </a>
          </p>
        </div>
      ) : null}
      {next && project.editable && !waiting ? (
        <div>
          <Button
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: project.id, input: { status: next } },
                {
                  onSuccess: () => notify.success(t('steps.moved', { status: t(`status.${next}`).toLocaleLowerCase() })),
                  onError: (error) => notify.error(messages.error(error, t('steps.failed'))),
                },
              )
            }
          >
            {update.isPending ? <Spinner /> : <ArrowRightIcon aria-hidden />}
            {t(`steps.next.${next}`)}
          </Button>
        </div>
      ) : null}
      {!next ? <p className="text-sm text-muted-foreground">{t('steps.complete')}</p> : null}
    </div>
  );
}
