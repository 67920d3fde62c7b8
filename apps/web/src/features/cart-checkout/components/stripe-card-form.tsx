import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type Props = {
  publishableKey: string | null;
  clientSecret: string;
  orderId: string;
  amount: string;
  /** Stripe took the card; its webhook tells the server, which the page then asks. */
  onConfirmed: () => void;
};

/**
 * Stripe's Payment Element: the card goes from this form to Stripe, never to our server. Loaded only
 * when Stripe takes the payments, so the test provider's pages never fetch Stripe's script.
 */
export default function StripeCardForm({ publishableKey, clientSecret, orderId, amount, onConfirmed }: Props) {
  const { t, i18n } = useTranslation('commerce');
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    void import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey, { locale: i18n.resolvedLanguage === 'fr' ? 'fr-CA' : 'en-CA' }))
      .then((loaded) => {
        if (cancelled || !loaded || !mount.current) {
          if (!loaded) setError(t('payment.formFailed'));
          return;
        }
        const elements = loaded.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(mount.current);
        unmount = () => element.destroy();
        setStripe({ stripe: loaded, elements });
      })
      .catch(() => {
        if (!cancelled) setError(t('payment.formFailed'));
      });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [publishableKey, clientSecret, i18n.resolvedLanguage, t]);

  const shownError = publishableKey ? error : t('payment.unavailable');

  const pay = async () => {
    if (!stripe) return;
    setPaying(true);
    setError(undefined);
    const result = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      redirect: 'if_required',
      // Payment methods that leave the page come back to the checkout, which resumes this order.
      confirmParams: { return_url: `${window.location.origin}/checkout?order=${encodeURIComponent(orderId)}` },
    });
    setPaying(false);
    if (result.error) setError(result.error.message ?? t('payment.failed'));
    else onConfirmed();
  };

  return (
    <div className="grid gap-4">
      {!stripe && !shownError ? <Spinner label={t('payment.loadingForm')} className="size-6" /> : null}
      {/* Stripe owns what is inside: React puts nothing there. */}
      <div ref={mount} />
      {shownError ? (
        <Alert variant="error" role="alert">
          {shownError}
        </Alert>
      ) : null}
      <Button variant="ember" size="lg" onClick={() => void pay()} disabled={!stripe || paying}>
        {paying ? <Spinner /> : null}
        {t('payment.payCard', { amount })}
      </Button>
    </div>
  );
}
