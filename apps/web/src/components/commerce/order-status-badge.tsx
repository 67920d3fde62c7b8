import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@meltway/shared/commerce/order-states';
import { Badge } from '@/components/ui/badge';

type Variant = 'default' | 'success' | 'warning' | 'muted' | 'outline';

/** Waiting on someone in ember, money received or goods arrived in green, ended orders muted. */
const VARIANTS: Record<OrderStatus, Variant> = {
  pending_payment: 'warning',
  paid: 'success',
  on_account: 'default',
  processing: 'default',
  shipped: 'default',
  delivered: 'success',
  cancelled: 'muted',
  refunded: 'muted',
};

/** An order's status as a badge, in the reader's language; storefront and dashboard show the same words. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation('commerce');
  return (
    <Badge variant={VARIANTS[status]} className={className}>
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}
