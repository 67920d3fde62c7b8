import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@meltway/shared/accounts/roles';
import { Badge } from '@/components/ui/badge';

/** Approved in green; pending in ember; anything else reads as inactive. */
export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('dashboard');
  if (status === 'approved') return <Badge variant="success">{t('status.approved')}</Badge>;
  if (status === 'pending') return <Badge variant="warning">{t('status.pending')}</Badge>;
  return <Badge variant="muted">{t('status.inactive')}</Badge>;
}
