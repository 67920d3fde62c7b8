import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorInput } from '@meltway/shared/academy/author.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextareaField } from '@/components/ui/textarea';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { TextField } from '@/components/form/text-field';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveAuthor, type Author } from '../api/authors';
import { ACADEMY_IMAGE_RULES } from './academy-text';
import { useFieldText } from '@/lib/field-text';

type Props = { open: boolean; author: Author | null; onOpenChange: (open: boolean) => void };

/** Adds an author (no `author`) or edits one: name, description and a picture with its preview. */
export function AuthorDialog({ open, author, onOpenChange }: Props) {
  const { t } = useTranslation('academy');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title={author ? t('authors.editTitle', { name: author.name }) : t('authors.addTitle')}
      description={t('authors.formDescription')}
    >
      {(done) => <AuthorForm author={author} onDone={done} />}
    </FormDialog>
  );
}

function AuthorForm({ author, onDone }: { author: Author | null; onDone: () => void }) {
  const { t } = useTranslation(['academy', 'common']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveAuthor();
  const image = useImageUpload(author?.image);
  const form = useSchemaForm(AuthorInput, { name: author?.name ?? '', description: author?.description ?? '' });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await saveAndClose(
      () => save.mutateAsync({ id: author?.id, input: { ...values, image: image.file }, onProgress: image.start() }),
      {
        success: () => t(author ? 'authors.updated' : 'authors.created', { name: values.name }),
        done: onDone,
        issues: { setError, fields: ['name', 'description'] },
        fallback: t('authors.saveFailed'),
      },
    );
    if (!saved) image.finish();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField id={`${uid}-name`} label={t('fields.name')} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
      <TextareaField id={`${uid}-description`} label={t('fields.description')} error={message(errors.description?.message)} {...register('description')} />
      <ImageField label={t('fields.image')} rules={ACADEMY_IMAGE_RULES} hint={t('image.hint')} {...image.field} error={message(image.error)} />
      <SubmitButton pending={save.isPending}>{author ? t('actions.save') : t('authors.add')}</SubmitButton>
    </form>
  );
}
