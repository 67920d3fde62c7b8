import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SupplierInput, type SupplierOut } from '@meltway/shared/catalogue/supplier.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextField } from '@/components/form/text-field';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveSupplier } from '../api/catalogue-admin';
import { useFieldText } from '@/lib/field-text';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; supplier: SupplierOut | null };

/** Creates or edits a supplier: name, contact person, email and phone. */
export function SupplierFormDialog({ open, onOpenChange, supplier }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={supplier ? t('admin.suppliers.editTitle', { name: supplier.name }) : t('admin.suppliers.newTitle')}
      description={t('admin.suppliers.formDescription')}
    >
      {(done) => <SupplierForm supplier={supplier} onDone={done} />}
    </FormDialog>
  );
}

function SupplierForm({ supplier, onDone }: { supplier: SupplierOut | null; onDone: () => void }) {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveSupplier();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(SupplierInput, {
    name: supplier?.name ?? '',
    contact: supplier?.contact ?? '',
    email: supplier?.email ?? '',
    phone: supplier?.phone ?? '',
  });

  const onSubmit = handleSubmit((values) =>
    saveAndClose(() => save.mutateAsync({ id: supplier?.id, input: values }), {
      success: (saved) => t(supplier ? 'admin.suppliers.updated' : 'admin.suppliers.created', { name: saved.name }),
      done: onDone,
      issues: { setError, fields: ['name', 'contact', 'email', 'phone'] },
      fallback: t('admin.saveFailed'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField id={`${uid}-name`} label={t('admin.fields.name')} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
      <TextField id={`${uid}-contact`} label={t('admin.fields.contact')} autoComplete="off" error={message(errors.contact?.message)} {...register('contact')} />
      <TextField id={`${uid}-email`} label={t('admin.fields.email')} type="email" autoComplete="off" error={message(errors.email?.message)} {...register('email')} />
      <TextField id={`${uid}-phone`} label={t('admin.fields.phone')} type="tel" autoComplete="off" error={message(errors.phone?.message)} {...register('phone')} />
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('admin.save')} />
    </form>
  );
}
