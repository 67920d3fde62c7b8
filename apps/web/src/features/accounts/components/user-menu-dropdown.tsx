import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, LayoutDashboardIcon, LogOutIcon, PackageIcon, PencilRulerIcon, StoreIcon } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { isStaff, type SessionUser } from '@/lib/session';
import { UserMenuButton } from './user-menu-button';
import { useSignOut } from './use-sign-out';

export type Props = { user: SessionUser; inDashboard?: boolean };

export default function UserMenuDropdown({ user, inDashboard = false }: Props) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="flex items-center gap-3 text-sm">
          <Avatar name={user.fullname} src={user.image} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{user.fullname}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {inDashboard ? (
          <DropdownMenuItem asChild>
            <Link to="/">
              <StoreIcon aria-hidden />
              {t('account.backToShop')}
            </Link>
          </DropdownMenuItem>
        ) : isStaff(user) ? (
          <DropdownMenuItem asChild>
            <Link to="/dashboard">
              <LayoutDashboardIcon aria-hidden />
              {t('account.dashboard')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/orders">
            <PackageIcon aria-hidden />
            {t('account.myOrders')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/layout-generator/projects">
            <PencilRulerIcon aria-hidden />
            {t('account.myProjects')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/certification">
            <AwardIcon aria-hidden />
            {t('account.myCertifications')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden />
          {t('account.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
