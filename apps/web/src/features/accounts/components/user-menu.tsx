import { lazy, Suspense } from 'react';
import { useFirstUse } from '@/lib/use-first-use';
import type { SessionUser } from '@/lib/session';
import { withQueryClient } from '@/lib/lazy-query-client';
import { UserMenuButton } from './user-menu-button';

const loadDropdown = withQueryClient(() => import('./user-menu-dropdown'));
const UserMenuDropdown = lazy(loadDropdown);

/** The avatar menu; its code loads on first use so signed-out and signed-in pages start equally light. */
export function UserMenu({ user, inDashboard = false }: { user: SessionUser; inDashboard?: boolean }) {
  const firstUse = useFirstUse(loadDropdown);
  if (!firstUse.active) return <UserMenuButton user={user} {...firstUse.trigger} />;
  return (
    <Suspense fallback={<UserMenuButton user={user} aria-busy />}>
      <UserMenuDropdown user={user} inDashboard={inDashboard} />
    </Suspense>
  );
}
