import type { ComponentProps } from 'react';
import { LayoutGridIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The launcher's trigger, shared by the light first render and the lazily loaded menu. */
export function LauncherButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" aria-label={t('launcher.label')} aria-haspopup="menu" {...props}>
      <LayoutGridIcon aria-hidden />
    </Button>
  );
}
