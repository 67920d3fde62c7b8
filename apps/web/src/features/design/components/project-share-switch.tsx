import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from 'radix-ui';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { notify } from '@/lib/notify';
import { useUpdateProject } from '../api/projects';
import { useDesignMessages } from './design-message';

/** A contractor's switch that lets its dealer see the project (the server refuses anyone without a dealer). */
export function ProjectShareSwitch({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const uid = useId();
  const messages = useDesignMessages();
  const update = useUpdateProject();
  // While the change travels the switch shows where it is going.
  const checked = update.isPending && update.variables?.input.shared !== undefined ? update.variables.input.shared : project.shared;

  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={`${uid}-share`}
        checked={checked}
        disabled={update.isPending}
        aria-describedby={`${uid}-share-hint`}
        onCheckedChange={(shared) =>
          update.mutate(
            { id: project.id, input: { shared } },
            {
              onSuccess: () => notify.success(shared ? t('actions.shared') : t('actions.unshared')),
              onError: (error) => notify.error(messages.error(error, t('actions.shareFailed'))),
            },
          )
        }
        className="peer mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
      <div className="grid gap-0.5">
        <label htmlFor={`${uid}-share`} className="text-sm font-medium">
          {t('actions.share')}
        </label>
        <p id={`${uid}-share-hint`} className="text-xs text-muted-foreground">
          {t('actions.shareHint')}
        </p>
      </div>
    </div>
  );
}
