import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateStatus } from '@meltway/shared/academy/learning.schema';
import { Badge } from '@/components/ui/badge';

const VARIANT = { valid: 'success', expired: 'muted', revoked: 'warning' } as const;

/** Valid, expired or revoked, as a badge; a valid one that ends within 90 days says it expires soon. */
export function CertificateStatusBadge({ status, expiresAt }: { status: CertificateStatus; expiresAt?: string | null }) {
  const { t } = useTranslation('certificates');
  const [now] = useState(() => Date.now());
  const soon = status === 'valid' && !!expiresAt && new Date(expiresAt).getTime() - now <= 90 * 24 * 60 * 60 * 1000;
  return <Badge variant={soon ? 'warning' : VARIANT[status]}>{t(soon ? 'status.expiring' : `status.${status}`)}</Badge>;
}
