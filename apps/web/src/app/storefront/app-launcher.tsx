import { lazy, Suspense, useState } from 'react';
import { LauncherButton } from './launcher-button';

const loadMenu = () => import('./app-launcher-menu');
const AppLauncherMenu = lazy(loadMenu);

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
