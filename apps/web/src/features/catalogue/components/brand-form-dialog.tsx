import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandInput, type BrandOut } from '@meltway/shared/catalogue/brand.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextareaField } from '@/components/ui/textarea';
import { TextField } from '@/components/form/text-field';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveBrand } from '../api/catalogue-admin';
import { ImagePicker, UploadProgress, useImageUpload } from '@/components/form/image-picker';
import { useFieldText } from '@/lib/field-text';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; brand: BrandOut | null };

/** Creates or edits a brand: name, description and logo, sent as one multipart form. */
export function BrandFormDialog({ open, onOpenChange, brand }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={brand ? t('admin.brands.editTitle', { name: brand.name }) : t('admin.brands.newTitle')}
      description={t('admin.brands.formDescription')}
    >
      {(done) => <BrandForm brand={brand} onDone={done} />}
    </FormDialog>
  );
}

function BrandForm({ brand, onDone }: { brand: BrandOut | null; onDone: () => void }) {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveBrand();
  const image = useImageUpload('logo');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(BrandInput, { name: brand?.name ?? '', description: brand?.description ?? '' });

  const onSubmit = handleSubmit(async (values) => {
    const body = new FormData();
    body.set('name', values.name);
    body.set('description', values.description ?? '');
    const onProgress = image.attach(body);
    await saveAndClose(() => save.mutateAsync({ id: brand?.id, form: body, onProgress }), {
      success: (saved) => t(brand ? 'admin.brands.updated' : 'admin.brands.created', { name: saved.name }),
      done: onDone,
      issues: { setError, fields: ['name', 'description'], fileFields: image.fileFields, onFileError: image.setError },
      fallback: t('admin.saveFailed'),
    });
    image.finish();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField id={`${uid}-name`} label={t('admin.fields.name')} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
      <TextareaField id={`${uid}-description`} label={t('admin.fields.description')} error={message(errors.description?.message)} {...register('description')} />
      <ImagePicker label={t('admin.fields.logo')} current={brand?.logo} {...image.picker} error={message(image.error)} />
      {image.progress !== null ? <UploadProgress value={image.progress} label={t('admin.images.uploading')} /> : null}
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
