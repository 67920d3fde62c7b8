import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { LayoutGridIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const loadMenu = () => import('./app-launcher-menu');
const AppLauncherMenu = lazy(loadMenu);

export function LauncherButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" aria-label={t('launcher.label')} aria-haspopup="menu" {...props}>
      <LayoutGridIcon aria-hidden />
    </Button>
  );
}

/** The menu's code loads on first use (hover or focus starts it early), keeping the first page light. */
export function AppLauncher() {
  const [active, setActive] = useState(false);
  const preload = () => void loadMenu();
  if (!active) return <LauncherButton onClick={() => setActive(true)} onPointerEnter={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<LauncherButton aria-busy />}>
      <AppLauncherMenu />
    </Suspense>
  );
}
