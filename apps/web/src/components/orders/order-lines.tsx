import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { cn } from '@/lib/utils';

export type OrderLineView = { productId: string; name: string; nameFr: string | null; quantity: number; unitPriceCents: number; lineTotalCents: number; sku?: string };

/** The lines of a quote or an order: name, quantity at the unit price, line total. */
export function OrderLines({ lines, label, className }: { lines: OrderLineView[]; label: string; className?: string }) {
  const { t, i18n } = useTranslation('commerce');
  const price = (cents: number) => formatPrice(cents, i18n.resolvedLanguage);
  return (
    <ul aria-label={label} className={cn('divide-y', className)}>
      {lines.map((line) => (
        <li key={line.productId} className="flex items-start justify-between gap-4 py-3 text-sm first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">{localized(line.name, line.nameFr)}</p>
            <p className="text-muted-foreground tabular-nums">
              {t('lines.quantityAt', { count: line.quantity, price: price(line.unitPriceCents) })}
              {line.sku ? <span className="ml-2 text-xs">{t('lines.sku', { sku: line.sku })}</span> : null}
            </p>
          </div>
          <p className="shrink-0 font-medium tabular-nums">{price(line.lineTotalCents)}</p>
        </li>
      ))}
    </ul>
  );
}
