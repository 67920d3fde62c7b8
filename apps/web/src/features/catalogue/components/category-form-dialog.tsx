import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryInput, type CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { STORE_IMAGE_RULES } from '@/lib/file-check';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveCategory } from '../api/catalogue-admin';
import { useFieldText } from '@/lib/field-text';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to edit; null creates one. */
  category: CategoryOut | null;
  /** Every category, for the parent choice. */
  categories: CategoryOut[];
};

/** Creates or edits a category: name and description (and their optional French), parent and image, sent as one multipart form. */
export function CategoryFormDialog({ open, onOpenChange, category, categories }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={category ? t('admin.categories.editTitle', { name: category.name }) : t('admin.categories.newTitle')}
      description={t('admin.categories.formDescription')}
    >
      {(done) => <CategoryForm category={category} categories={categories} onDone={done} />}
    </FormDialog>
  );
}

function CategoryForm({ category, categories, onDone }: Omit<Props, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveCategory();
  const image = useImageUpload(category?.image);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(CategoryInput, {
    name: category?.name ?? '',
    nameFr: category?.nameFr ?? '',
    description: category?.description ?? '',
    descriptionFr: category?.descriptionFr ?? '',
    parentId: category?.parentId ?? '',
  });

  const onSubmit = handleSubmit(async (values) => {
    const fields = {
      name: values.name,
      nameFr: values.nameFr ?? '',
      description: values.description,
      descriptionFr: values.descriptionFr ?? '',
      parentId: values.parentId ?? '',
      image: image.file,
    };
    await saveAndClose(() => save.mutateAsync({ id: category?.id, fields, onProgress: image.start() }), {
      success: (saved) => t(category ? 'admin.categories.updated' : 'admin.categories.created', { name: saved.name }),
      done: onDone,
      issues: { setError, fields: ['name', 'nameFr', 'description', 'descriptionFr', 'parentId'], fileFields: ['image'], onFileError: image.setError },
      fallback: t('admin.saveFailed'),
    });
    image.finish();
  });

  // A category cannot hang under itself.
  const parents = categories.filter((c) => c.id !== category?.id);
  const nameError = message(errors.name?.message);
  const parentError = message(errors.parentId?.message);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <BilingualFields
        id={`${uid}-name`}
        label={t('admin.fields.name')}
        labelFr={t('admin.fields.nameFr')}
        autoComplete="off"
        error={nameError}
        errorFr={message(errors.nameFr?.message)}
        field={register('name')}
        fieldFr={register('nameFr')}
      />
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
      <Field id={`${uid}-parent`} label={t('admin.fields.parent')} error={parentError}>
        <select className={inputClasses} {...fieldAria(`${uid}-parent`, parentError)} {...register('parentId')}>
          <option value="">{t('admin.categories.noParent')}</option>
          {parents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <ImageField label={t('admin.fields.image')} rules={STORE_IMAGE_RULES} hint={t('admin.images.hint')} {...image.field} error={message(image.error)} />
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
