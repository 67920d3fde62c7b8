import { useTranslation } from 'react-i18next';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { formatDate } from '@/lib/format';
import { OrderLines } from '@/components/orders/order-lines';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { OrderTotals } from '@/components/orders/order-totals';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ShippingPanel({ order }: { order: OrderOut }) {
  const { t } = useTranslation('commerce');
  const a = order.shippingAddress;
  return (
    <Panel title={t('order.shipping')}>
      <address className="text-sm not-italic">
        {a.fullname}
        <br />
        {a.line1}
        {a.line2 ? (
          <>
            <br />
            {a.line2}
          </>
        ) : null}
        <br />
        {a.city} {a.province} {a.postalCode}
        <br />
        {t(`countries.${a.country}`)}
      </address>
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">{t('order.method')}</span> {t(`shippingMethods.${order.shippingMethodId}`)}
      </p>
      {order.trackingNumber ? (
        <p className="mt-3 rounded-lg bg-secondary px-3 py-2 text-sm">
          {t('order.tracking', { carrier: order.carrier ?? '' })} <strong className="font-mono [overflow-wrap:anywhere]">{order.trackingNumber}</strong>
        </p>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{t('order.noTracking')}</p>
      )}
    </Panel>
  );
}

function PaymentPanel({ order }: { order: OrderOut }) {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage;
  return (
    <Panel title={t('order.payment')}>
      <p className="text-sm">
        {order.paymentMethod === 'account'
          ? t('order.onAccount')
          : order.paymentProvider === 'test'
            ? t('order.testCard')
            : t('order.card')}
      </p>
      {order.paymentDueAt && !order.settledAt ? (
        <p className="mt-1 text-sm text-muted-foreground">{t('order.dueOn', { date: formatDate(order.paymentDueAt, language) })}</p>
      ) : null}
      {order.settledAt ? <p className="mt-1 text-sm text-muted-foreground">{t('order.settledOn', { date: formatDate(order.settledAt, language) })}</p> : null}
      {order.stockHeldUntil ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {t('order.heldUntil', { time: formatDate(order.stockHeldUntil, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      ) : null}
    </Panel>
  );
}

/** An order as its buyer reads it: lines and totals, timeline, shipping and payment; the same on the buyer's page and through a link. */
export function OrderDetails({ order }: { order: OrderOut }) {
  const { t } = useTranslation('commerce');
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <Panel title={t('order.items')}>
            <OrderLines lines={order.lines} label={t('order.items')} className="border-b pb-4" />
            <OrderTotals money={order} className="mt-4" />
          </Panel>
          <Panel title={t('order.timeline')}>
            <OrderTimeline events={order.timeline} wording="buyer" />
          </Panel>
        </div>
        <div className="grid content-start gap-6">
          <ShippingPanel order={order} />
          <PaymentPanel order={order} />
        </div>
    </div>
  );
}
