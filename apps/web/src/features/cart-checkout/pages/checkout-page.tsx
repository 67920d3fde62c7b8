import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShoppingCartIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useCart } from '../api/cart';
import { CheckoutForm } from '../components/checkout-form';
import { PaymentStep } from '../components/payment-step';
import { forgetPlacedOrder, placedOrder, type PlacedOrder } from '../placed-order';
import { useFinishCheckout } from '../use-finish-checkout';

/**
 * /checkout: the steps on one page, then, for a card, the payment step. A placed card order waiting for
 * its payment is kept for the tab, so a reload comes back to its payment rather than to an empty cart.
 */
export default function CheckoutPage({ onSwitchAccount }: { onSwitchAccount?: () => void }) {
  const { t } = useTranslation('commerce');
  usePageMeta(t('checkout.title'), t('checkout.description'));
  const user = useCurrentUser();
  const cart = useCart();
  const finish = useFinishCheckout();
  const [placed, setPlaced] = useState<PlacedOrder | null>(placedOrder);
  const paid = useCallback(() => placed && finish(placed), [placed, finish]);

  let body;
  if (placed) {
    body = (
      <PaymentStep
        order={placed}
        onPaid={paid}
        onAbandon={() => {
          forgetPlacedOrder();
          setPlaced(null);
        }}
      />
    );
  } else if (cart.isPending) {
    body = (
      <div className="mt-10 flex justify-center">
        <Spinner label={t('checkout.loading')} className="size-8" />
      </div>
    );
  } else if (cart.isError) {
    body = (
      <Alert variant="error" role="alert" className="mt-6">
        {t('cart.loadFailed')}
        <Button variant="link" size="inline" onClick={() => void cart.refetch()}>
          {t('cart.retry')}
        </Button>
      </Alert>
    );
  } else if (!cart.data?.items.length) {
    body = (
      <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
        <ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden />
        <p className="mt-4 text-lg font-semibold">{t('cart.empty')}</p>
        <p className="mt-1 text-muted-foreground">{t('checkout.emptyHint')}</p>
        <Link to="/categories" className={cn(buttonVariants({ variant: 'ember' }), 'mt-6')}>
          {t('cart.startShopping')}
        </Link>
      </div>
    );
  } else {
    body = (
      <CheckoutForm
        user={user}
        cart={cart.data}
        onSwitchAccount={onSwitchAccount}
        onPlaced={(order) => (order.payment ? setPlaced(order) : finish(order))}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
      {body}
    </div>
  );
}
