import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { SHIPPING_METHODS } from '@meltway/shared/cart-checkout/shipping';
import { formatPrice } from '@/lib/format';
import { useFieldText } from '@/lib/field-text';
import { CheckoutSection, ChoiceCard, radioClasses } from './checkout-section';
import type { CheckoutValues } from './checkout-form-schema';

/** The methods the destination country has; their price is the quote's (the server's), once the address is complete. */
export function ShippingMethodSection({ quote }: { quote: QuoteOut | undefined }) {
  const { t, i18n } = useTranslation('commerce');
  const message = useFieldText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  const country = useWatch({ control, name: 'shippingAddress.country' });
  const methods = SHIPPING_METHODS.filter((s) => s.priceCents[country] !== undefined);
  const priceOf = (id: string) => quote?.shippingMethods.find((s) => s.id === id)?.priceCents;
  const error = message(errors.shippingMethodId?.message);

  return (
    <CheckoutSection step={3} title={t('checkout.shipping.title')}>
      {(headingId) => (
        <>
          <div role="radiogroup" aria-labelledby={headingId} aria-describedby={error ? `${headingId}-error` : undefined} className="grid gap-3">
            {methods.map((method) => {
              const price = priceOf(method.id);
              return (
                <ChoiceCard key={method.id}>
                  <input type="radio" value={method.id} className={radioClasses} {...register('shippingMethodId')} />
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium">{t(`shippingMethods.${method.id}`)}</span>
                    <span className="text-sm text-muted-foreground">
                      {t('checkout.shipping.days', { from: method.days[0], to: method.days[1] })}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">
                    {price === undefined ? '' : price === 0 ? t('totals.free') : formatPrice(price, i18n.resolvedLanguage)}
                  </span>
                </ChoiceCard>
              );
            })}
          </div>
          {quote ? null : <p className="text-sm text-muted-foreground">{t('checkout.shipping.priceAfterAddress')}</p>}
          {error ? (
            <p id={`${headingId}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </>
      )}
    </CheckoutSection>
  );
}
