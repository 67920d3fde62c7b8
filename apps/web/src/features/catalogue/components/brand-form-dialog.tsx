import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandInput, type BrandOut } from '@meltway/shared/catalogue/brand.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { TextField } from '@/components/form/text-field';
import { STORE_IMAGE_RULES } from '@/lib/file-check';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveBrand } from '../api/catalogue-admin';
import { useFieldText } from '@/lib/field-text';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; brand: BrandOut | null };

/** Creates or edits a brand: name, description (and its optional French) and logo, sent as one multipart form. */
export function BrandFormDialog({ open, onOpenChange, brand }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
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
  const image = useImageUpload(brand?.logo);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(BrandInput, { name: brand?.name ?? '', description: brand?.description ?? '', descriptionFr: brand?.descriptionFr ?? '' });

  const onSubmit = handleSubmit(async (values) => {
    const fields = { name: values.name, description: values.description ?? '', descriptionFr: values.descriptionFr ?? '', logo: image.file };
    await saveAndClose(() => save.mutateAsync({ id: brand?.id, fields, onProgress: image.start() }), {
      success: (saved) => t(brand ? 'admin.brands.updated' : 'admin.brands.created', { name: saved.name }),
      done: onDone,
      issues: { setError, fields: ['name', 'description', 'descriptionFr'], fileFields: ['logo'], onFileError: image.setError },
      fallback: t('admin.saveFailed'),
    });
    image.finish();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField id={`${uid}-name`} label={t('admin.fields.name')} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
      {/* Only the description has a French version: a brand's name is the same in both. */}
      <BilingualFields
        id={`${uid}-description`}
        label={t('admin.fields.description')}
        labelFr={t('admin.fields.descriptionFr')}
        multiline
        error={message(errors.description?.message)}
        errorFr={message(errors.descriptionFr?.message)}
        field={register('description')}
        fieldFr={register('descriptionFr')}
      />
      <ImageField label={t('admin.fields.logo')} rules={STORE_IMAGE_RULES} hint={t('admin.images.hint')} {...image.field} error={message(image.error)} />
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
