import { lazy, Suspense } from 'react';
import { useFirstUse } from '@/lib/use-first-use';
import { LauncherButton } from './launcher-button';

const loadMenu = () => import('./app-launcher-menu');
const AppLauncherMenu = lazy(loadMenu);

/** The menu's code loads on first use (hover or focus starts it early), keeping the first page light. */
export function AppLauncher() {
  const firstUse = useFirstUse(loadMenu);
  if (!firstUse.active) return <LauncherButton {...firstUse.trigger} />;
  return (
    <Suspense fallback={<LauncherButton aria-busy />}>
      <AppLauncherMenu />
    </Suspense>
  );
}
