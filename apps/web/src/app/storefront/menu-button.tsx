import type { ComponentProps } from 'react';
import { MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The phone menu's trigger, shared by the light first render and the lazily loaded sheet. */
export function MenuButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex lg:hidden">
      <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} aria-haspopup="dialog" {...props}>
        <MenuIcon aria-hidden />
      </Button>
    </span>
  );
}
