import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/**
 * The small mark of a contractor holding a current academy certificate ("Certified installer"), or of a dealer
 * one of whose contractors does. Pages that show it load the `certificates` words with their own.
 */
export function CertifiedBadge({ dealer = false }: { dealer?: boolean }) {
  const { t } = useTranslation('certificates');
  return (
    <Badge variant="success" className="whitespace-nowrap">
      {t(dealer ? 'certified.dealerBadge' : 'certified.badge')}
    </Badge>
  );
}
