import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CreditLimitInput } from '@meltway/shared/orders/order.schema';
import type { CreditOut } from '@meltway/shared/payments/payment.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { formatPrice } from '@/lib/format';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useCredit, useSetCreditLimit } from '../api/credit';
import { centsToDollars, dollarsToCents } from '@/lib/dollars';

/** The shared CreditLimitInput, typed in dollars: an empty box is no credit at all. */
const CreditLimitForm = CreditLimitInput.extend({
  creditLimitCents: z.preprocess(dollarsToCents, CreditLimitInput.shape.creditLimitCents),
});

type Props = { userId: string; /** Inside a side sheet: a plain section instead of a card. */ compact?: boolean };

/**
 * A trade account's credit for an admin: the limit, what is owed on unsettled on-account orders and what
 * is left, and the form that sets the limit.
 */
export function CreditSection({ userId, compact }: Props) {
  const { t } = useTranslation('orders');
  const credit = useCredit(userId);
  const body = credit.isPending ? (
    <Spinner label={t('credit.loading')} />
  ) : credit.isError ? (
    <p role="alert" className="text-sm text-destructive">
      {errorText(t, credit.error, t('credit.loadFailed'))}
    </p>
  ) : (
    <div className="grid gap-4">
      <CreditFigures credit={credit.data} />
      <CreditLimitEditor userId={userId} credit={credit.data} />
    </div>
  );

  if (compact) {
    return (
      <section className="grid gap-3" aria-labelledby={`credit-${userId}`}>
        <h3 id={`credit-${userId}`} className="text-sm font-semibold">
          {t('credit.title')}
        </h3>
        {body}
      </section>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('credit.title')}</CardTitle>
        <CardDescription>{t('credit.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function CreditFigures({ credit }: { credit: CreditOut }) {
  const { t, i18n } = useTranslation('orders');
  const money = (cents: number) => formatPrice(cents, i18n.resolvedLanguage);
  const figures = [
    { key: 'limit', value: credit.creditLimitCents === null ? t('credit.none') : money(credit.creditLimitCents) },
    { key: 'owed', value: money(credit.owedCents) },
    { key: 'available', value: credit.creditLimitCents === null ? '—' : money(credit.availableCents) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {figures.map((f) => (
        <div key={f.key} className="grid gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">{t(`credit.${f.key}`)}</dt>
          <dd className="text-sm font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CreditLimitEditor({ userId, credit }: { userId: string; credit: CreditOut }) {
  const { t, i18n } = useTranslation('orders');
  const uid = useId();
  const save = useSetCreditLimit(userId);
  const current = credit.creditLimitCents === null ? '' : centsToDollars(credit.creditLimitCents);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(CreditLimitForm, { creditLimitCents: current });
  // A saved limit (or one changed elsewhere) becomes the box's new starting value.
  useEffect(() => reset({ creditLimitCents: current }), [current, reset]);

  const onSubmit = handleSubmit(({ creditLimitCents }) =>
    saveAndClose(() => save.mutateAsync(creditLimitCents), {
      success: (saved) =>
        saved.creditLimitCents === null
          ? t('credit.removed')
          : t('credit.saved', { amount: formatPrice(saved.creditLimitCents, i18n.resolvedLanguage) }),
      done: () => undefined,
      issues: { setError, fields: ['creditLimitCents'] },
      fallback: t('credit.saveFailed'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        id={`${uid}-limit`}
        label={t('credit.limitLabel')}
        hint={t('credit.limitHint')}
        inputMode="decimal"
        autoComplete="off"
        fieldClassName="w-full sm:max-w-xs"
        error={
          // Typed in dollars: the shared message speaks of cents, which is what the server checks.
          errors.creditLimitCents?.type === 'server' ? errors.creditLimitCents.message : errors.creditLimitCents ? t('credit.limitInvalid') : undefined
        }
        {...register('creditLimitCents')}
      />
      <SubmitButton pending={save.isPending} className="sm:mt-6">
        {t('credit.save')}
      </SubmitButton>
    </form>
  );
}
