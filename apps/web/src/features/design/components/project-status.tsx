import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, CheckIcon } from 'lucide-react';
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
      {next && project.editable ? (
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
