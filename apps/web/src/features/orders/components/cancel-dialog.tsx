import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelInput, type OrderOut } from '@meltway/shared/orders/order.schema';
import { FormDialog } from '@/components/admin/form-dialog';
import { SubmitButton } from '@/components/admin/form-actions';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import type { OrderStep } from '../api/orders';

type Props = {
  order: OrderOut;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: (step: OrderStep) => Promise<OrderOut>;
  pending: boolean;
};

/** Asks before cancelling, with an optional reason; what cancelling gives back depends on how far the order went. */
export function CancelDialog({ order, open, onOpenChange, run, pending }: Props) {
  const { t } = useTranslation('orders');
  const paid = order.status !== 'pending_payment' && order.paymentMethod === 'card';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title', { number: order.number })}
      description={t(paid ? 'cancel.descriptionPaid' : 'cancel.description')}
    >
      {(done) => <CancelForm run={run} pending={pending} onDone={done} />}
    </FormDialog>
  );
}

function CancelForm({ run, pending, onDone }: { run: Props['run']; pending: boolean; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(CancelInput, { reason: '' });

  const onSubmit = handleSubmit(({ reason }) =>
    saveAndClose(() => run({ action: 'cancel', reason: reason || undefined }), {
      success: (order) => t('cancel.done', { number: order.number }),
      done: onDone,
      issues: { setError, fields: ['reason'] },
      fallback: t('actions.failed'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextareaField
        id={`${uid}-reason`}
        label={t('cancel.reason')}
        hint={t('cancel.reasonHint')}
        rows={3}
        maxLength={500}
        error={message(errors.reason?.message)}
        {...register('reason')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel.keep')}
        </Button>
        <SubmitButton pending={pending} className="bg-destructive text-destructive-foreground hover:bg-destructive/90">
          {t('cancel.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
