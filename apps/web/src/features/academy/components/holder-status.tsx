import { useTranslation } from 'react-i18next';
import type { HolderStatus } from '@meltway/shared/academy/learning.schema';
import { Badge } from '@/components/ui/badge';

const VARIANT = { valid: 'success', expiring: 'warning', expired: 'muted', revoked: 'warning', never: 'outline' } as const;

/** A contractor's standing for one certification, as the server computed it. */
export function HolderStatusBadge({ status }: { status: HolderStatus }) {
  const { t } = useTranslation('compliance');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
