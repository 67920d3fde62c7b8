import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { QuoteMessage, QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { codeText, useMessageT } from '@/lib/error-text';
import { formatPrice } from '@/lib/format';
import { OrderLines, type OrderLineView } from '@/components/orders/order-lines';
import { OrderTotals } from '@/components/orders/order-totals';

type Props = {
  cart: CartOut;
  quote: QuoteOut | undefined;
  /** A quote for the current choices is on its way (the one shown may be the previous one). */
  quoting: boolean;
  quoteError: string | undefined;
  messages: QuoteMessage[];
  placing: boolean;
  failure: string | undefined;
};

const cartLines = (cart: CartOut): OrderLineView[] =>
  cart.items
    .filter((l) => l.name !== null && l.unitPrice !== null)
    .map((l) => ({ productId: l.productId, name: l.name!, nameFr: l.nameFr, quantity: l.quantity, unitPriceCents: l.unitPrice!, lineTotalCents: l.lineTotal }));

/** Step 6: what the server will charge, line by line and tax by tax, and the button that places the order. */
export function CheckoutReview({ cart, quote, quoting, quoteError, messages, placing, failure }: Props) {
  const { t, i18n } = useMessageT('commerce');
  const lines = quote ? quote.lines : cartLines(cart);
  return (
    <section aria-labelledby="checkout-review" className="h-fit rounded-xl border bg-card p-5 shadow-sm sm:p-6 lg:sticky lg:top-20">
      <h2 id="checkout-review" className="flex items-center gap-3 text-lg font-semibold">
        <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-primary">
          6
        </span>
        {t('checkout.review.title')}
        {quoting ? <Spinner label={t('checkout.review.updating')} className="ml-auto" /> : null}
      </h2>
      <OrderLines lines={lines} label={t('checkout.review.lines')} className="mt-4 border-b pb-4" />
      <div aria-live="polite" className="mt-4">
        {quote ? (
          <OrderTotals money={quote} />
        ) : (
          <>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-4 text-base font-semibold">
                <dt>{t('totals.subtotal')}</dt>
                <dd className="tabular-nums">{formatPrice(cart.subtotal, i18n.resolvedLanguage)}</dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">{t('checkout.review.afterAddress')}</p>
          </>
        )}
      </div>
      {messages.length ? (
        <Alert variant="notice" className="mt-4 flex-col gap-1">
          {messages.map((m) => (
            <p key={`${m.code}-${JSON.stringify(m.params ?? {})}`}>{codeText(t, m.code, m.params, m.message)}</p>
          ))}
        </Alert>
      ) : null}
      {quoteError ? (
        <Alert variant="error" role="alert" className="mt-4">
          {quoteError}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="error" role="alert" className="mt-4">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="ember" size="lg" className="mt-5 w-full" disabled={placing}>
        {placing ? <Spinner /> : null}
        {placing ? t('checkout.review.placing') : t('checkout.review.place')}
      </Button>
      <p className="mt-2 text-center text-xs text-muted-foreground">{t('checkout.review.serverPrices')}</p>
    </section>
  );
}
