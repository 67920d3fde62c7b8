import { useId, useState } from 'react';
import { CheckCircle2Icon } from 'lucide-react';
import type { QuoteMessage, QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { COUPON_CODE_MAX } from '@meltway/shared/cart-checkout/checkout.schema';
import { useCouponLine } from '@/components/orders/coupon-line';
import { Button } from '@/components/ui/button';
import { fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { codeText, useMessageT } from '@/lib/error-text';
import { CheckoutSection } from './checkout-section';

/** The quote's words about the coupon (why it does not apply); the applied one is shown from `quote.coupon`, with what it covers. */
export const isCouponMessage = (m: QuoteMessage) => m.code.startsWith('commerce.coupon') && m.code !== 'commerce.couponApplied';

type Props = {
  applied: string | undefined;
  onApply: (code: string | undefined) => void;
  quote: QuoteOut | undefined;
  /** The quote for the code applied last is on its way. */
  checking: boolean;
  /** A refusal of the placement that concerns the coupon, in the reader's language. */
  serverError?: string;
};

/** A coupon code, applied by the server's quote: the page shows what the quote says of it, never its own reckoning. */
export function CouponSection({ applied, onApply, quote, checking, serverError }: Props) {
  const { t } = useMessageT('commerce');
  const couponLine = useCouponLine();
  const uid = useId();
  const [code, setCode] = useState(applied ?? '');
  const id = `${uid}-coupon`;
  const refusal = applied && quote && !checking ? quote.messages.find(isCouponMessage) : undefined;
  const error = serverError ?? (refusal ? codeText(t, refusal.code, refusal.params, refusal.message) : undefined);
  const accepted = applied && quote?.coupon && quote.coupon.code.toUpperCase() === applied.toUpperCase() && !checking ? quote.coupon : null;

  const apply = () => onApply(code.trim() || undefined);
  return (
    <CheckoutSection step={4} title={t('checkout.coupon.title')}>
      {() => (
        <>
          <div className="grid gap-2">
            <Label htmlFor={id}>{t('checkout.coupon.label')}</Label>
            <div className="flex gap-2">
              <Input
                {...fieldAria(id, error)}
                value={code}
                maxLength={COUPON_CODE_MAX}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(event) => setCode(event.target.value)}
                onKeyDown={(event) => {
                  // Enter applies the code; it must not place the order.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    apply();
                  }
                }}
              />
              <Button variant="outline" onClick={apply} disabled={!code.trim() && !applied}>
                {t('checkout.coupon.apply')}
              </Button>
            </div>
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          {applied && checking ? <Spinner label={t('checkout.coupon.checking')} /> : null}
          {applied && !quote && !checking ? <p className="text-sm text-muted-foreground">{t('checkout.coupon.afterAddress')}</p> : null}
          {accepted ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-success-soft px-3 py-2 text-sm text-success" role="status">
              <span className="flex items-center gap-2">
                <CheckCircle2Icon className="size-4" aria-hidden />
                {t('checkout.coupon.applied', { line: couponLine(accepted) })}
              </span>
              <Button
                variant="link"
                size="inline"
                onClick={() => {
                  setCode('');
                  onApply(undefined);
                }}
              >
                {t('checkout.coupon.remove')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </CheckoutSection>
  );
}
