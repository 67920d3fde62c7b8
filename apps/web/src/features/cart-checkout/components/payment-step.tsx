import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ClockIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText, useMessageT } from '@/lib/error-text';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PlacedOrder } from '../placed-order';
import { useConfirmTestPayment, usePaymentStatus } from '../api/payment';
import { TestPaymentsNotice } from './payment-method-section';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** After this long without the provider's word, the page says it is still waiting. */
const SLOW_AFTER_MS = 30_000;

type Props = {
  order: PlacedOrder;
  /** The provider confirmed the payment. */
  onPaid: () => void;
  /** The order will not be paid here (its hold ran out, or it was cancelled): start again. */
  onAbandon: () => void;
};

/**
 * Takes the card payment of a placed order: the test provider's button (no card, no money), or Stripe's
 * Payment Element. Then asks the server how the payment went until it is paid; a reload resumes here.
 */
export function PaymentStep({ order, onPaid, onAbandon }: Props) {
  const { t, i18n } = useMessageT('commerce');
  const payment = order.payment;
  const secret = payment?.clientSecret ?? null;
  const proof = secret ? { orderId: order.id, clientSecret: secret } : null;
  const [submitted, setSubmitted] = useState(false);
  const [slow, setSlow] = useState(false);
  const status = usePaymentStatus(proof, submitted);
  const confirm = useConfirmTestPayment();
  const amount = formatPrice(order.totalCents, i18n.resolvedLanguage);
  const state = status.data?.status;
  const paid = state !== undefined && state !== 'pending_payment' && state !== 'cancelled';

  useEffect(() => {
    if (paid) onPaid();
  }, [paid, onPaid]);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitted]);

  const payWithTestCard = () => {
    if (!proof) return;
    confirm.mutate(proof, { onSuccess: () => setSubmitted(true) });
  };

  const waiting = submitted && !paid && state !== 'cancelled';
  return (
    <section aria-labelledby="payment-step" className="mx-auto mt-8 grid max-w-xl gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <div className="grid gap-1">
        <h2 id="payment-step" className="text-xl font-semibold">
          {t('payment.title')}
        </h2>
        <p className="text-muted-foreground">{t('payment.placed', { number: order.number })}</p>
      </div>
      <p className="flex items-baseline justify-between gap-4 border-y py-3">
        <span className="text-muted-foreground">{t('totals.total')}</span>
        <span className="text-2xl font-bold tabular-nums">{amount}</span>
      </p>
      {state === 'cancelled' ? (
        <>
          <Alert variant="error" role="alert">
            {t('payment.cancelled')}
          </Alert>
          <Button variant="outline" onClick={onAbandon}>
            {t('payment.startOver')}
          </Button>
        </>
      ) : !payment || !proof ? (
        <Alert variant="error" role="alert">
          {t('payment.unavailable')}
        </Alert>
      ) : waiting || paid ? (
        <div className="grid justify-items-center gap-3 py-4 text-center" aria-live="polite">
          <Spinner className="size-8" label={t('payment.waiting')} />
          <p className="font-medium">{t('payment.waiting')}</p>
          {slow ? <p className="text-sm text-muted-foreground">{t('payment.slow')}</p> : null}
        </div>
      ) : payment.provider === 'test' ? (
        <>
          <TestPaymentsNotice />
          <p className="text-sm text-muted-foreground">{t('payment.testExplain')}</p>
          {confirm.isError ? (
            <Alert variant="error" role="alert">
              {errorText(t, confirm.error, t('payment.failed'))}
            </Alert>
          ) : null}
          <Button variant="ember" size="lg" onClick={payWithTestCard} disabled={confirm.isPending}>
            {confirm.isPending ? <Spinner /> : null}
            {t('payment.payTest', { amount })}
          </Button>
        </>
      ) : (
        <Suspense fallback={<Spinner label={t('payment.loadingForm')} className="size-6" />}>
          <StripeCardForm
            publishableKey={payment.publishableKey}
            clientSecret={proof.clientSecret}
            orderId={order.id}
            amount={amount}
            onConfirmed={() => setSubmitted(true)}
          />
        </Suspense>
      )}
      {state !== 'cancelled' ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('payment.held')}
        </p>
      ) : null}
      <Link to="/categories" className={cn(buttonVariants({ variant: 'link' }), 'justify-self-center')}>
        {t('payment.continueShopping')}
      </Link>
    </section>
  );
}
