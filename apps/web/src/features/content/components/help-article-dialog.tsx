import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpArticleInput, type HelpArticleOut } from '@meltway/shared/content/help.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { STORE_IMAGE_RULES } from '@/lib/file-check';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveHelpArticle } from '../api/content-admin';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; article: HelpArticleOut | null };

/** Creates or edits a help article: title and text (and their optional French), and picture, sent as one multipart form. */
export function HelpArticleDialog({ open, onOpenChange, article }: Props) {
  const { t } = useTranslation('content');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={article ? t('admin.help.editTitle', { name: article.name }) : t('admin.help.newTitle')}
      description={t('admin.help.formDescription')}
    >
      {(done) => <HelpArticleForm article={article} onDone={done} />}
    </FormDialog>
  );
}

function HelpArticleForm({ article, onDone }: { article: HelpArticleOut | null; onDone: () => void }) {
  const { t } = useTranslation(['content', 'catalogue', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveHelpArticle();
  const image = useImageUpload(article?.image);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(HelpArticleInput, {
    name: article?.name ?? '',
    nameFr: article?.nameFr ?? '',
    description: article?.description ?? '',
    descriptionFr: article?.descriptionFr ?? '',
  });

  const onSubmit = handleSubmit(async (values) => {
    const fields = { name: values.name, nameFr: values.nameFr ?? '', description: values.description, descriptionFr: values.descriptionFr ?? '', image: image.file };
    await saveAndClose(() => save.mutateAsync({ id: article?.id, fields, onProgress: image.start() }), {
      success: (saved) => t(article ? 'admin.help.updated' : 'admin.help.created', { name: saved.name }),
      done: onDone,
      // The server names the article's title `title`; this form calls it `name`.
      issues: { setError, fields: ['name', 'nameFr', 'description', 'descriptionFr'], rename: { title: 'name' }, fileFields: ['image'], onFileError: image.setError },
      fallback: t('admin.saveFailed'),
    });
    image.finish();
  });

  // Both fields empty give the same sentence ('title and description required'): it is shown once, under the title.
  const descriptionError = errors.description?.message === errors.name?.message ? undefined : message(errors.description?.message);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <BilingualFields
        id={`${uid}-name`}
        label={t('admin.help.name')}
        labelFr={t('admin.help.nameFr')}
        autoComplete="off"
        error={message(errors.name?.message)}
        errorFr={message(errors.nameFr?.message)}
        field={register('name')}
        fieldFr={register('nameFr')}
      />
      <BilingualFields
        id={`${uid}-description`}
        label={t('admin.help.descriptionField')}
        labelFr={t('admin.help.descriptionFieldFr')}
        multiline
        rows={10}
        error={descriptionError}
        errorFr={message(errors.descriptionFr?.message)}
        field={register('description')}
        fieldFr={register('descriptionFr')}
      />
      <ImageField label={t('admin.help.image')} rules={STORE_IMAGE_RULES} hint={t('catalogue:admin.images.hint')} {...image.field} error={message(image.error)} />
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
