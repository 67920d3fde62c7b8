import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ShipInput, type OrderOut } from '@meltway/shared/orders/order.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextField } from '@/components/form/text-field';
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

/** Ships the order: the carrier and its tracking number go on the order and its timeline. */
export function ShipDialog({ order, open, onOpenChange, run, pending }: Props) {
  const { t } = useTranslation('orders');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('ship.title', { number: order.number })} description={t('ship.description')}>
      {(done) => <ShipForm run={run} pending={pending} onDone={done} />}
    </FormDialog>
  );
}

function ShipForm({ run, pending, onDone }: { run: Props['run']; pending: boolean; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ShipInput, { carrier: '', trackingNumber: '' });

  const onSubmit = handleSubmit((values) =>
    saveAndClose(() => run({ action: 'ship', ...values }), {
      success: (order) => t('ship.done', { number: order.number }),
      done: onDone,
      issues: { setError, fields: ['carrier', 'trackingNumber'] },
      fallback: t('actions.failed'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        id={`${uid}-carrier`}
        label={t('ship.carrier')}
        hint={t('ship.carrierHint')}
        autoComplete="off"
        maxLength={60}
        error={message(errors.carrier?.message)}
        {...register('carrier')}
      />
      <TextField
        id={`${uid}-tracking`}
        label={t('ship.trackingNumber')}
        autoComplete="off"
        maxLength={60}
        error={message(errors.trackingNumber?.message)}
        {...register('trackingNumber')}
      />
      <FormActions onCancel={onDone} pending={pending} submitLabel={t('ship.submit')} />
    </form>
  );
}
