import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Few enough left to say so. */
const LOW_STOCK = 5;

export function StockBadge({ stock, className }: { stock: number; className?: string }) {
  const { t } = useTranslation('catalogue');
  const [label, tone] =
    stock <= 0
      ? [t('stock.out'), 'bg-muted text-muted-foreground border-border']
      : stock <= LOW_STOCK
        ? [t('stock.low', { count: stock }), 'bg-ember-soft text-foreground border-ember/30']
        : [t('stock.in'), 'bg-success-soft text-success border-success/30'];
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', tone, className)}>
      {label}
    </span>
  );
}
