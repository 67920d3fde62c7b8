import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from 'lucide-react';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { DetailItem } from '@/components/dashboard/detail-item';
import { DetailQueryState } from '@/components/dashboard/detail-query-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatPrice } from '@/lib/format';
import { useOrder } from '@/lib/order-api';
import { downloadInvoice } from '../api/orders';
import { DownloadButton } from '@/components/download-button';
import { OrderActions } from '../components/order-actions';
import { OrderLines, OrderTotals } from '../components/order-money';
import { OrderTimeline } from '@/components/orders/order-timeline';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackLink() {
  const { t } = useTranslation('orders');
  return (
    <Link to="/dashboard/order-management" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
      <ArrowLeftIcon className="size-4" aria-hidden />
      {t('detail.back')}
    </Link>
  );
}

/** One order for the dashboard: where it stands, what was bought and paid, what happened, and the next steps. */
export default function OrderDetailPage() {
  const { t } = useTranslation(['orders', 'dashboard', 'common']);
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const order = useOrder(valid ? id : undefined);

  return (
    <DetailQueryState
      query={order}
      missing={!valid}
      title={t('dashboard:pages.orderDetails')}
      notFoundTitle={t('detail.notFoundTitle')}
      notFound={t('detail.notFound')}
      back={<BackLink />}
    >
      {(data) => <OrderDetail order={data} />}
    </DetailQueryState>
  );
}

function OrderDetail({ order }: { order: OrderOut }) {
  const { t, i18n } = useTranslation(['orders', 'dashboard']);
  const language = i18n.resolvedLanguage;
  const when = (value: string | null) => (value ? formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' }) : null);
  const address = order.shippingAddress;

  return (
    <PageShell title={t('detail.title', { number: order.number })} description={t('detail.placed', { date: when(order.created_at), name: order.buyer.name })}>
      <BackLink />
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('detail.status')}</span>
          <OrderStatusBadge status={order.status} />
        </span>
        <div role="group" aria-label={t('detail.actions')} className="flex flex-wrap gap-2 sm:ml-auto">
          <OrderActions order={order} />
          <DownloadButton download={() => downloadInvoice(order)} failed={t('detail.invoiceFailed')}>
            {t('detail.invoice')}
          </DownloadButton>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('detail.lines')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 px-2 sm:px-6">
              <OrderLines order={order} />
              <div className="px-2 sm:ml-auto sm:w-80 sm:px-0">
                <OrderTotals order={order} />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('timeline.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <OrderTimeline events={order.timeline} wording="staff" />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('detail.summary')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4">
                <DetailItem label={t('detail.payment')}>
                  {t(`paymentMethods.${order.paymentMethod}`)}
                  {order.paymentMethod === 'card' ? ` · ${t(`providers.${order.paymentProvider}`, { defaultValue: order.paymentProvider })}` : null}
                </DetailItem>
                {order.paymentDueAt ? <DetailItem label={t('detail.paymentDue')}>{formatDate(order.paymentDueAt, language)}</DetailItem> : null}
                {order.paymentMethod === 'account' ? (
                  <DetailItem label={t('detail.settled')}>{order.settledAt ? when(order.settledAt) : t('detail.notSettled')}</DetailItem>
                ) : null}
                {order.stockHeldUntil && order.status === 'pending_payment' ? (
                  <DetailItem label={t('detail.stockHeldUntil')}>{when(order.stockHeldUntil)}</DetailItem>
                ) : null}
                {order.refundedCents > 0 ? <DetailItem label={t('money.refunded')}>{formatPrice(order.refundedCents, language)}</DetailItem> : null}
                <DetailItem label={t('detail.shippingMethod')}>{t(`shippingMethods.${order.shippingMethodId}`)}</DetailItem>
                {order.trackingNumber ? (
                  <DetailItem label={t('detail.tracking')}>
                    {order.carrier} · <span className="font-mono">{order.trackingNumber}</span>
                  </DetailItem>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('detail.buyer')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4">
                <DetailItem label={t('detail.name')}>
                  {order.buyer.name}
                  {order.buyer.role ? <span className="text-muted-foreground"> · {t(`roles.${order.buyer.role}`, { defaultValue: order.buyer.role })}</span> : null}
                </DetailItem>
                <DetailItem label={t('detail.email')}>{order.buyer.email}</DetailItem>
                <DetailItem label={t('detail.phone')}>{order.phone}</DetailItem>
                <DetailItem label={t('detail.dealer')}>{order.dealer?.name}</DetailItem>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('detail.shipTo')}</CardTitle>
            </CardHeader>
            <CardContent>
              <address className="text-sm not-italic">
                {address.fullname}
                <br />
                {address.line1}
                {address.line2 ? (
                  <>
                    <br />
                    {address.line2}
                  </>
                ) : null}
                <br />
                {address.city} {address.province} {address.postalCode}
                <br />
                {t(`countries.${address.country}`)}
              </address>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageShell>
  );
}
