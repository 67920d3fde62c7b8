import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, CreditCardIcon, DownloadIcon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFailure, PageLoading } from '@/components/page-states';
import { QueryState } from '@/components/query-state';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { OrderDetails } from '../components/order-panels';
import { useCancelOrder, useOrder } from '@/lib/order-api';
import { useDownloadInvoice, useReorder } from '../api/orders';

/** /orders/:id: a buyer's order: status, timeline, tracking, lines and money, invoice, reorder and cancel. */
export default function OrderPage() {
  const { t, i18n } = useTranslation('commerce');
  const { id } = useParams();
  const order = useOrder(id);
  const navigate = useNavigate();
  const errorMessage = useErrorText();
  const cancel = useCancelOrder();
  const invoice = useDownloadInvoice();
  const reorder = useReorder();
  const [confirming, setConfirming] = useState(false);
  const number = order.data?.number;
  usePageMeta(number ? t('order.title', { number }) : t('order.loadingTitle'), undefined);

  const failed = (message: string, retry?: () => void) => (
    <PageFailure title={t('order.loadingTitle')} message={message} retry={retry ? { label: t('cart.retry'), onRetry: retry } : undefined}>
      <Link to="/orders" className={cn(buttonVariants({ variant: 'link', size: 'inline' }), 'mt-4')}>
        <ArrowLeftIcon aria-hidden />
        {t('order.back')}
      </Link>
    </PageFailure>
  );

  return (
    <QueryState
      query={order}
      loading={<PageLoading label={t('order.loading')} />}
      notFound={failed(t('messages.orderNotFound'))}
      failed={(error) => failed(errorMessage(error, t('order.loadFailed')), () => void order.refetch())}
    >
      {(data) => {
        const canCancel = data.actions.includes('cancel');
        const payable = data.status === 'pending_payment' && data.paymentMethod === 'card';
        return (
          <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
            <Link to="/orders" className={buttonVariants({ variant: 'link', size: 'inline' })}>
              <ArrowLeftIcon aria-hidden />
              {t('order.back')}
            </Link>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('order.title', { number: data.number })}</h1>
              <OrderStatusBadge status={data.status} />
            </div>
            <p className="mt-1 text-muted-foreground">
              {t('order.placedOn', { date: formatDate(data.created_at, i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }) })}
            </p>
            <div className="mt-5 flex flex-wrap gap-2">
              {payable ? (
                <Link to={`/checkout/${data.id}`} className={buttonVariants({ variant: 'ember' })}>
                  <CreditCardIcon aria-hidden />
                  {t('order.pay')}
                </Link>
              ) : null}
              <Button
                variant="outline"
                disabled={invoice.isPending}
                onClick={() => invoice.mutate(data, { onError: (error) => notify.error(errorMessage(error, t('order.invoiceFailed'))) })}
              >
                {invoice.isPending ? <Spinner /> : <DownloadIcon aria-hidden />}
                {t('order.invoice')}
              </Button>
              <Button
                variant="outline"
                disabled={reorder.isPending}
                onClick={() =>
                  reorder.mutate(data, {
                    onSuccess: () => {
                      notify.success(t('order.reordered'));
                      void navigate('/cart');
                    },
                    onError: (error) => notify.error(errorMessage(error, t('order.reorderFailed'))),
                  })
                }
              >
                {reorder.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden />}
                {t('order.reorder')}
              </Button>
              {canCancel ? (
                <Button variant="outline" className="text-destructive" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
                  {cancel.isPending ? <Spinner /> : <XCircleIcon aria-hidden />}
                  {t('order.cancel')}
                </Button>
              ) : null}
            </div>
            <OrderDetails order={data} />
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t('order.cancelTitle', { number: data.number })}
              description={t('order.cancelBody')}
              confirmLabel={t('order.cancel')}
              onConfirm={() =>
                cancel.mutate(
                  { id: data.id },
                  {
                    onSuccess: () => notify.success(t('order.cancelled')),
                    onError: (error) => notify.error(errorMessage(error, t('order.cancelFailed'))),
                  },
                )
              }
            />
          </div>
        );
      }}
    </QueryState>
  );
}
