import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FaqInput, type FaqOut } from '@meltway/shared/content/faq.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveFaq } from '../api/content-admin';
import { useFieldText } from '@/lib/field-text';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; faq: FaqOut | null };

/** Creates or edits a FAQ: the question (name) and its answer (description), and their optional French. */
export function FaqDialog({ open, onOpenChange, faq }: Props) {
  const { t } = useTranslation('content');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={faq ? t('admin.faq.editTitle') : t('admin.faq.newTitle')}
      description={t('admin.faq.formDescription')}
    >
      {(done) => <FaqForm faq={faq} onDone={done} />}
    </FormDialog>
  );
}

function FaqForm({ faq, onDone }: { faq: FaqOut | null; onDone: () => void }) {
  const { t } = useTranslation(['content', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveFaq();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(FaqInput, { name: faq?.name ?? '', nameFr: faq?.nameFr ?? '', description: faq?.description ?? '', descriptionFr: faq?.descriptionFr ?? '' });

  const onSubmit = handleSubmit((values) =>
    saveAndClose(() => save.mutateAsync({ id: faq?.id, input: values }), {
      success: () => t(faq ? 'admin.faq.updated' : 'admin.faq.created'),
      done: onDone,
      issues: { setError, fields: ['name', 'nameFr', 'description', 'descriptionFr'] },
      fallback: t('admin.saveFailed'),
    }),
  );

  const questionError = message(errors.name?.message);
  const answerError = message(errors.description?.message);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <BilingualFields
        id={`${uid}-question`}
        label={t('admin.faq.question')}
        labelFr={t('admin.faq.questionFr')}
        multiline
        rows={2}
        error={questionError}
        errorFr={message(errors.nameFr?.message)}
        field={register('name')}
        fieldFr={register('nameFr')}
      />
      <BilingualFields
        id={`${uid}-answer`}
        label={t('admin.faq.answer')}
        labelFr={t('admin.faq.answerFr')}
        multiline
        rows={6}
        error={answerError}
        errorFr={message(errors.descriptionFr?.message)}
        field={register('description')}
        fieldFr={register('descriptionFr')}
      />
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
