import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CertificateRevokeInput } from '@meltway/shared/academy/learning.schema';
import { FormDialog } from '@/components/admin/form-dialog';
import { SubmitButton } from '@/components/admin/form-actions';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useRevokeCertificate } from '../api/certificates';

/** Asks for the reason before revoking a certificate. */
export function RevokeDialog({ id, onOpenChange }: { id: string | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('certificates');
  return (
    <FormDialog open={id !== null} onOpenChange={onOpenChange} title={t('admin.revokeTitle', { id: id ?? '' })} description={t('admin.revokeDescription')}>
      {(done) => (id ? <RevokeForm id={id} onDone={done} /> : null)}
    </FormDialog>
  );
}

function RevokeForm({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation('certificates');
  const message = useFieldText();
  const uid = useId();
  const revoke = useRevokeCertificate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(CertificateRevokeInput, { reason: '' });

  const onSubmit = handleSubmit(({ reason }) =>
    saveAndClose(() => revoke.mutateAsync({ id, reason }), {
      success: (c) => t('admin.revoked', { id: c.id }),
      done: onDone,
      issues: { setError, fields: ['reason'] },
      fallback: t('admin.failed'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextareaField id={`${uid}-reason`} label={t('admin.reason')} hint={t('admin.reasonHint')} rows={3} maxLength={500} error={message(errors.reason?.message)} {...register('reason')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('admin.keep')}
        </Button>
        <SubmitButton pending={revoke.isPending} className="bg-destructive text-destructive-foreground hover:bg-destructive/90">
          {t('admin.revokeSubmit')}
        </SubmitButton>
      </div>
    </form>
  );
}
