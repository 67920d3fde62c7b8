import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { OrderLines } from '@/components/orders/order-lines';
import { OrderTotals } from '@/components/orders/order-totals';
import { useCancelOrder, useOrder } from '@/lib/order-api';
import { useStartPayment } from '../api/payment';
import { PaymentStep } from '../components/payment-step';
import type { PlacedOrder } from '../placed-order';
import { useFinishCheckout } from '../use-finish-checkout';

/** /checkout/:id: a signed-in buyer's unpaid card order: its summary, a fresh payment, or its cancellation. */
export default function CheckoutResumePage() {
  const { t, i18n } = useTranslation('commerce');
  usePageMeta(t('resume.title'), undefined);
  const { id } = useParams();
  const order = useOrder(id);
  const start = useStartPayment();
  const cancel = useCancelOrder();
  const errorMessage = useErrorText();
  const finish = useFinishCheckout();
  const [payment, setPayment] = useState<PlacedOrder | null>(null);
  const [confirming, setConfirming] = useState(false);
  const paid = useCallback(() => payment && finish(payment), [payment, finish]);
  const loaded = (data: OrderOut) => {
    if (payment) return <PaymentStep order={payment} onPaid={paid} onAbandon={() => setPayment(null)} />;
    if (data.status !== 'pending_payment' || data.paymentMethod !== 'card') {
      return (
        <div className="mt-6 grid gap-4">
          <p className="flex flex-wrap items-center gap-2">
            {t('resume.number', { number: data.number })} <OrderStatusBadge status={data.status} />
          </p>
          <Alert variant="info">{t('messages.orderNotPayable')}</Alert>
          <Link to={`/orders/${data.id}`} className={cn(buttonVariants({ variant: 'default' }), 'w-fit')}>
            {t('thankYou.viewOrder')}
          </Link>
        </div>
      );
    }
    const failure = start.isError ? errorMessage(start.error, t('payment.failed')) : cancel.isError ? errorMessage(cancel.error, t('order.cancelFailed')) : undefined;
    return (
      <div className="mt-6 grid max-w-2xl gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('resume.number', { number: data.number })}</h2>
          <OrderStatusBadge status={data.status} />
        </div>
        {data.stockHeldUntil ? (
          <p className="text-sm text-muted-foreground">
            {t('order.heldUntil', { time: formatDate(data.stockHeldUntil, i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </p>
        ) : null}
        <OrderLines lines={data.lines} label={t('order.items')} className="border-b pb-4" />
        <OrderTotals money={data} />
        {failure ? (
          <Alert variant="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ember"
            size="lg"
            disabled={start.isPending || cancel.isPending}
            onClick={() => start.mutate(data.id, { onSuccess: (placed) => setPayment(placed) })}
          >
            {start.isPending ? <Spinner /> : null}
            {t('resume.pay')}
          </Button>
          {data.actions.includes('cancel') ? (
            <Button
              variant="outline"
              size="lg"
              disabled={start.isPending || cancel.isPending}
              onClick={() => setConfirming(true)}
            >
              {cancel.isPending ? <Spinner /> : null}
              {t('order.cancel')}
            </Button>
          ) : null}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('order.cancelTitle', { number: data.number })}
          description={t('order.cancelBody')}
          confirmLabel={t('order.cancel')}
          onConfirm={() => cancel.mutate({ id: data.id }, { onSuccess: () => notify.success(t('order.cancelled')) })}
        />
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('resume.title')}</h1>
      <QueryState
        query={order}
        loading={<Spinner label={t('order.loading')} className="mt-8 size-8" />}
        notFound={
          <Alert variant="error" role="alert" className="mt-6">
            {t('messages.orderNotFound')}
          </Alert>
        }
        failed={(error) => (
          <Alert variant="error" role="alert" className="mt-6">
            {errorMessage(error, t('order.loadFailed'))}
          </Alert>
        )}
      >
        {loaded}
      </QueryState>
    </div>
  );
}
