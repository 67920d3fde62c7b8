import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreditCardIcon, FlaskConicalIcon, LandmarkIcon } from 'lucide-react';
import type { QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { Alert } from '@/components/ui/alert';
import { formatPrice } from '@/lib/format';
import { useFieldText } from '@/lib/field-text';
import { CheckoutSection, ChoiceCard, radioClasses } from './checkout-section';
import type { CheckoutValues } from './checkout-form-schema';

/** The test provider's notice: shown wherever the buyer could think a card is charged. */
export function TestPaymentsNotice() {
  const { t } = useTranslation('commerce');
  return (
    <Alert variant="notice" className="items-start font-medium">
      <FlaskConicalIcon aria-hidden className="text-ember" />
      <span>{t('payment.testNotice')}</span>
    </Alert>
  );
}

/** On account for a trade account the quote allows, with its available credit; otherwise by card. */
export function PaymentMethodSection({ quote }: { quote: QuoteOut | undefined }) {
  const { t, i18n } = useTranslation('commerce');
  const message = useFieldText();
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  const account = quote?.account;
  const error = message(errors.paymentMethod?.message);
  return (
    <CheckoutSection step={5} title={t('checkout.payment.title')}>
      {(headingId) => (
        <>
          <div role="radiogroup" aria-labelledby={headingId} className="grid gap-3">
            {account?.allowed ? (
              <ChoiceCard>
                <input type="radio" value="account" className={radioClasses} {...register('paymentMethod')} />
                <LandmarkIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="grid flex-1 gap-0.5">
                  <span className="font-medium">{t('checkout.payment.account')}</span>
                  <span className="text-sm text-muted-foreground">
                    {account.availableCents !== null
                      ? t('checkout.payment.available', { amount: formatPrice(account.availableCents, i18n.resolvedLanguage) })
                      : t('checkout.payment.accountTerms')}
                  </span>
                </span>
              </ChoiceCard>
            ) : null}
            <ChoiceCard>
              <input type="radio" value="card" className={radioClasses} {...register('paymentMethod')} />
              <CreditCardIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{t('checkout.payment.card')}</span>
                <span className="text-sm text-muted-foreground">{t('checkout.payment.cardNext')}</span>
              </span>
            </ChoiceCard>
          </div>
          {quote?.cardProvider === 'test' ? <TestPaymentsNotice /> : null}
          {error ? <p className="text-sm text-destructive">{error}</p> : null}
        </>
      )}
    </CheckoutSection>
  );
}
