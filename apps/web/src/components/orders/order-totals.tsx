import { useTranslation } from 'react-i18next';
import type { CouponTermsOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { TaxCode } from '@meltway/shared/cart-checkout/tax';
import { useCouponLine } from '@/components/orders/coupon-line';
import { localeTag } from '@/lib/i18n';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';

export type OrderMoney = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxes: { code: TaxCode; rate: number; amountCents: number }[];
  totalCents: number;
  refundedCents?: number;
  coupon?: CouponTermsOut | null;
};

/** "GST (5%)", "QST (9.975%)"; "TPS (5 %)" in French. */
function useTaxLabel() {
  const { t, i18n } = useTranslation('commerce');
  return (code: TaxCode, rate: number) =>
    t('totals.tax', {
      code: t(`taxCodes.${code}`),
      rate: new Intl.NumberFormat(localeTag(i18n.resolvedLanguage), { style: 'percent', maximumFractionDigits: 3 }).format(rate / 100),
    });
}

/**
 * The money of a quote or an order as the server computed it: subtotal, discount, shipping, each tax
 * on its own line, total, and what was refunded. Nothing here is computed on the page.
 */
export function OrderTotals({ money, shippingPending = false, className }: { money: OrderMoney; shippingPending?: boolean; className?: string }) {
  const { t, i18n } = useTranslation('commerce');
  const taxLabel = useTaxLabel();
  const couponLine = useCouponLine();
  const price = (cents: number) => formatPrice(cents, i18n.resolvedLanguage);
  const row = 'flex justify-between gap-4';
  return (
    <dl className={cn('grid gap-2 text-sm', className)}>
      <div className={row}>
        <dt className="text-muted-foreground">{t('totals.subtotal')}</dt>
        <dd className="tabular-nums">{price(money.subtotalCents)}</dd>
      </div>
      {money.discountCents > 0 ? (
        <div className={row}>
          <dt className="text-muted-foreground">
            {money.coupon ? couponLine(money.coupon) : t('totals.discount')}
          </dt>
          <dd className="text-success tabular-nums">−{price(money.discountCents)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt className="text-muted-foreground">{t('totals.shipping')}</dt>
        <dd className="tabular-nums">{shippingPending ? '—' : money.shippingCents === 0 ? t('totals.free') : price(money.shippingCents)}</dd>
      </div>
      {money.taxes.map((tax) => (
        <div key={tax.code} className={row}>
          <dt className="text-muted-foreground">{taxLabel(tax.code, tax.rate)}</dt>
          <dd className="tabular-nums">{price(tax.amountCents)}</dd>
        </div>
      ))}
      <div className={cn(row, 'border-t pt-3 text-base font-semibold')}>
        <dt>{t('totals.total')}</dt>
        <dd className="tabular-nums">{price(money.totalCents)}</dd>
      </div>
      {money.refundedCents ? (
        <div className={row}>
          <dt className="text-muted-foreground">{t('totals.refunded')}</dt>
          <dd className="tabular-nums">−{price(money.refundedCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
