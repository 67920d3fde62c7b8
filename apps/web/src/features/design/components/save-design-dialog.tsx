import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CreateDesignInput } from '@meltway/shared/design/project.schema';
import type { DesignInput } from '@meltway/shared/design/design.schema';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateDesign } from '../api/create-design';
import { useDesignMessages } from './design-message';

const NameForm = z.object({ name: CreateDesignInput.shape.name });
type NameForm = z.input<typeof NameForm>;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; input: DesignInput; defaultName: string };

/** Names the design and saves it as a project of the signed-in user, then opens the project. */
export function SaveDesignDialog({ open, onOpenChange, input, defaultName }: Props) {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  const create = useCreateDesign();
  const messages = useDesignMessages();
  const form = useSchemaForm(NameForm, { name: defaultName });
  const nameError = form.formState.errors.name?.message;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const project = await create.mutateAsync({ name, input });
      notify.success(t('save.saved', { name: project.name }));
      onOpenChange(false);
      void navigate(`/layout-generator/projects/${project.id}`);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'name') : undefined;
      if (issue) form.setError('name', { type: 'server', message: messages.message(issue.message, issue.code, issue.params) }, { shouldFocus: true });
      else notify.error(messages.error(error, t('save.failed')));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('save.title')}</DialogTitle>
          <DialogDescription>{t('save.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <TextField id="design-project-name" label={t('save.name')} autoComplete="off" error={nameError ? messages.message(nameError) : undefined} {...form.register('name')} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('save.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              {t('save.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
