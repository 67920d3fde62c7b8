import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon } from 'lucide-react';
import { CreateDesignInput, type DesignProject } from '@meltway/shared/design/project.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUpdateProject } from '../api/projects';
import { useDesignMessages } from './design-message';
import { showProjectIssues } from './project-form-issues';

const NameInput = CreateDesignInput.pick({ name: true });

/** The project's name as its page heading; its owner renames it in place. */
export function ProjectName({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const [editing, setEditing] = useState(false);
  if (editing) return <RenameForm project={project} onDone={() => setEditing(false)} />;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{project.name}</h1>
      {project.editable ? (
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          {t('rename.button')}
        </Button>
      ) : null}
    </div>
  );
}

function RenameForm({ project, onDone }: { project: DesignProject; onDone: () => void }) {
  const { t } = useTranslation('design-projects');
  const uid = useId();
  const messages = useDesignMessages();
  const update = useUpdateProject();
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(NameInput, { name: project.name });

  const onSubmit = handleSubmit(async ({ name }) => {
    if (name === project.name) return onDone();
    try {
      await update.mutateAsync({ id: project.id, input: { name } });
      notify.success(t('rename.saved'));
      onDone();
    } catch (error) {
      if (!showProjectIssues(error, setError, ['name'], messages)) notify.error(messages.error(error, t('rename.failed')));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <TextField
        id={`${uid}-name`}
        label={t('rename.label')}
        autoComplete="off"
        // The form replaces the heading the reader just chose to change.
        autoFocus
        maxLength={120}
        fieldClassName="w-full min-w-0 sm:w-96"
        error={errors.name?.message && messages.message(errors.name.message)}
        {...register('name')}
      />
      <SubmitButton pending={update.isPending}>{t('rename.save')}</SubmitButton>
      <Button variant="outline" onClick={onDone}>
        {t('rename.cancel')}
      </Button>
    </form>
  );
}
