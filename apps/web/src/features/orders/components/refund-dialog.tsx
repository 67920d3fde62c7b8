import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { int } from '@meltway/shared/common/fields';
import { commerceMessages } from '@meltway/shared/cart-checkout/messages';
import { RefundInput, type OrderOut } from '@meltway/shared/orders/order.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/ui/textarea';
import { formatPrice } from '@/lib/format';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import type { OrderStep } from '../api/orders';
import { centsToDollars, dollarsToCents } from '@/lib/dollars';

type Props = {
  order: OrderOut;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  run: (step: OrderStep) => Promise<OrderOut>;
  pending: boolean;
};

/** What is left to refund of an order. */
const refundableCents = (order: Pick<OrderOut, 'totalCents' | 'refundedCents'>) => Math.max(0, order.totalCents - order.refundedCents);

/** The shared RefundInput, its amount typed in dollars and bounded by what is left to refund. */
const refundForm = (remainingCents: number) =>
  RefundInput.extend({
    amountCents: z.preprocess(dollarsToCents, int({ min: 1, max: remainingCents, message: commerceMessages.refundAmountInvalid })),
  });

/** Refunds part or all of what is left (all of it, by default); the whole remainder makes the order refunded. */
export function RefundDialog({ order, open, onOpenChange, run, pending }: Props) {
  const { t, i18n } = useTranslation('orders');
  const remaining = formatPrice(refundableCents(order), i18n.resolvedLanguage);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('refund.title', { number: order.number })}
      description={t(order.paymentMethod === 'card' ? 'refund.descriptionCard' : 'refund.descriptionAccount', { amount: remaining })}
    >
      {(done) => <RefundForm order={order} run={run} pending={pending} onDone={done} />}
    </FormDialog>
  );
}

function RefundForm({ order, run, pending, onDone }: { order: OrderOut; run: Props['run']; pending: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation(['orders', 'commerce']);
  const message = useFieldText();
  const uid = useId();
  const remainingCents = refundableCents(order);
  const schema = useMemo(() => refundForm(remainingCents), [remainingCents]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(schema, { amountCents: centsToDollars(remainingCents), reason: '' });

  const onSubmit = handleSubmit(({ amountCents, reason }) =>
    saveAndClose(() => run({ action: 'refund', amountCents, reason: reason || undefined }), {
      success: (saved) => t('refund.done', { number: saved.number }),
      done: onDone,
      issues: { setError, fields: ['amountCents', 'reason'] },
      fallback: t('actions.failed'),
    }),
  );

  // The shared message names the most that may be refunded, which only this order knows.
  const amountError =
    errors.amountCents?.type === 'server'
      ? errors.amountCents.message
      : errors.amountCents
        ? t('commerce:messages.refundAmountInvalid', { max: formatPrice(remainingCents, i18n.resolvedLanguage) })
        : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        id={`${uid}-amount`}
        label={t('refund.amount')}
        hint={t('refund.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        error={amountError}
        {...register('amountCents')}
      />
      <TextareaField
        id={`${uid}-reason`}
        label={t('refund.reason')}
        rows={3}
        maxLength={500}
        error={message(errors.reason?.message)}
        {...register('reason')}
      />
      <FormActions onCancel={onDone} pending={pending} submitLabel={t('refund.submit')} />
    </form>
  );
}
