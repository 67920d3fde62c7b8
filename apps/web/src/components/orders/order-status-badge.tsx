import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<OrderStatus, 'default' | 'success' | 'warning' | 'muted' | 'outline'> = {
  pending_payment: 'warning',
  on_account: 'default',
  paid: 'success',
  processing: 'default',
  shipped: 'default',
  delivered: 'success',
  cancelled: 'muted',
  refunded: 'muted',
};

/** An order's status in words (`commerce:status.<status>`), coloured by whether it waits, moves or is done. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('commerce');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
