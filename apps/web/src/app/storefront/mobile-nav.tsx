import { lazy, Suspense } from 'react';
import { useFirstUse } from '@/lib/use-first-use';
import { withQueryClient } from '@/lib/lazy-query-client';
import { MenuButton } from './menu-button';

const loadSheet = withQueryClient(() => import('./mobile-nav-sheet'));
const MobileNavSheet = lazy(loadSheet);

/** Phones only: the sheet's code loads with the first tap. */
export function MobileNav({ onSignIn }: { onSignIn: () => void }) {
  const firstUse = useFirstUse(loadSheet, 'press');
  if (!firstUse.active) return <MenuButton {...firstUse.trigger} />;
  return (
    <Suspense fallback={<MenuButton aria-busy />}>
      <MobileNavSheet onSignIn={onSignIn} />
    </Suspense>
  );
}
