import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { SessionUser } from '@/lib/session';
import { withQueryClient } from '@/lib/lazy-query-client';

const loadDropdown = withQueryClient(() => import('./user-menu-dropdown'));
const UserMenuDropdown = lazy(loadDropdown);

type ButtonProps = ComponentProps<typeof Button> & { user: SessionUser };

export function UserMenuButton({ user, ...props }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="iconRound"
      aria-label={t('account.menuFor', { name: user.fullname })}
      aria-haspopup="menu"
      {...props}
    >
      <Avatar name={user.fullname} src={user.image} size="sm" />
    </Button>
  );
}

/** The avatar menu; its code loads on first use so signed-out and signed-in pages start equally light. */
export function UserMenu({ user, inDashboard = false }: { user: SessionUser; inDashboard?: boolean }) {
  const [active, setActive] = useState(false);
  const preload = () => void loadDropdown();
  if (!active) return <UserMenuButton user={user} onClick={() => setActive(true)} onPointerEnter={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<UserMenuButton user={user} aria-busy />}>
      <UserMenuDropdown user={user} inDashboard={inDashboard} />
    </Suspense>
  );
}
