import type { ComponentProps } from 'react';
import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** "Add an area": the menu's trigger, shared by the light first render and the lazily loaded menu. */
export function AddAreaButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation('design');
  return (
    <Button variant="outline" className="w-fit" aria-haspopup="menu" {...props}>
      <PlusIcon aria-hidden />
      {t('areas.add')}
    </Button>
  );
}
