import { useTranslation } from 'react-i18next';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { useCouponLine } from '@/components/orders/coupon-line';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { cn } from '@/lib/utils';
import { taxLabel } from './tax-label';

/** The order's lines as bought (prices of that day), one row each. */
export function OrderLines({ order }: { order: OrderOut }) {
  const { t, i18n } = useTranslation('orders');
  const language = i18n.resolvedLanguage;
  return (
    <Table aria-label={t('detail.lines')}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t('lines.product')}</TableHead>
          <TableHead className="text-right">{t('lines.quantity')}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">{t('lines.unitPrice')}</TableHead>
          <TableHead className="text-right">{t('lines.total')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {order.lines.map((line) => (
          <TableRow key={line.productId}>
            <TableCell>
              <div className="grid min-w-36">
                <span className="font-medium">{localized(line.name, line.nameFr)}</span>
                <span className="text-xs text-muted-foreground">{t('lines.sku', { sku: line.sku })}</span>
              </div>
            </TableCell>
            <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
            <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
              {formatPrice(line.unitPriceCents, language)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatPrice(line.lineTotalCents, language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Row({ label, value, strong, muted }: { label: string; value: string; strong?: boolean; muted?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', strong && 'border-t pt-2 text-base font-semibold', muted && 'text-muted-foreground')}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/** Subtotal, discount, shipping, each tax on its own line, the total, then what was refunded of it. */
export function OrderTotals({ order }: { order: OrderOut }) {
  const { t, i18n } = useTranslation('orders');
  const language = i18n.resolvedLanguage;
  const money = (cents: number) => formatPrice(cents, language);
  const couponLine = useCouponLine();
  return (
    <dl className="grid gap-2 text-sm">
      <Row label={t('money.subtotal')} value={money(order.subtotalCents)} />
      {order.discountCents > 0 ? (
        <Row
          label={order.coupon ? couponLine(order.coupon) : t('money.discount')}
          value={`−${money(order.discountCents)}`}
        />
      ) : null}
      <Row label={t('money.shipping')} value={order.shippingCents === 0 ? t('money.free') : money(order.shippingCents)} />
      {order.taxes.map((tax) => (
        <Row key={tax.code} label={taxLabel(t, tax.code, tax.rate, language)} value={money(tax.amountCents)} />
      ))}
      <Row label={t('money.total')} value={money(order.totalCents)} strong />
      {order.refundedCents > 0 ? (
        <>
          <Row label={t('money.refunded')} value={`−${money(order.refundedCents)}`} muted />
          <Row label={t('money.net')} value={money(order.totalCents - order.refundedCents)} />
        </>
      ) : null}
    </dl>
  );
}
