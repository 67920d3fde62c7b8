import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Marks, in staff lists, an item whose French is not written yet: French pages show its English text. */
export function FrenchMissing() {
  const { t } = useTranslation('dashboard');
  return (
    <Badge variant="warning" title={t('french.missingTitle')}>
      {t('french.missing')}
    </Badge>
  );
}
