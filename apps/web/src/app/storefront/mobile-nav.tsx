import { lazy, Suspense, useState } from 'react';
import { withQueryClient } from '@/lib/lazy-query-client';
import { MenuButton } from './menu-button';

const loadSheet = withQueryClient(() => import('./mobile-nav-sheet'));
const MobileNavSheet = lazy(loadSheet);

/** Phones only: the sheet's code loads with the first tap. */
export function MobileNav({ onSignIn }: { onSignIn: () => void }) {
  const [active, setActive] = useState(false);
  const preload = () => void loadSheet();
  if (!active) return <MenuButton onClick={() => setActive(true)} onPointerDown={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<MenuButton aria-busy />}>
      <MobileNavSheet onSignIn={onSignIn} />
    </Suspense>
  );
}
