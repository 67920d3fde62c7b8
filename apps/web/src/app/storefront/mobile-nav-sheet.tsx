import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, LayoutDashboardIcon, LogOutIcon, PackageIcon, PencilRulerIcon, SearchIcon } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { LanguageSwitch } from '@/components/language-switch';
import { useSignOut } from '@/features/accounts/components/use-sign-out';
import { isStaff, useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { MenuButton } from './menu-button';
import { STOREFRONT_NAV } from './storefront-nav';

/** An email address that wraps before its "@" (name, then domain), not in the middle of a word; only a part wider than the line breaks. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export default function MobileNavSheet({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(true);
  const signOut = useSignOut();
  const close = () => setOpen(false);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MenuButton />
      </SheetTrigger>
      <SheetContent side="left">
        <SheetTitle>{t('nav.menu')}</SheetTitle>
        <SheetDescription className="sr-only">{t('nav.menuDescription')}</SheetDescription>
        {user ? (
          <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
            <Avatar name={user.fullname} src={user.image} size="lg" />
            <div className="min-w-0">
              <p className="truncate font-semibold" title={user.fullname}>
                {user.fullname}
              </p>
              <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                <EmailAddress email={user.email} />
              </p>
            </div>
          </div>
        ) : (
          <div className="grid gap-2">
            <Button
              onClick={() => {
                close();
                onSignIn();
              }}
            >
              {t('account.signIn')}
            </Button>
            <Link to="/register?role=customer" onClick={close} className={buttonVariants({ variant: 'outline' })}>
              {t('account.createAccount')}
            </Link>
          </div>
        )}
        <form
          role="search"
          className="relative"
          onSubmit={(event) => {
            event.preventDefault();
            const term = query.trim();
            close();
            void navigate(term ? `/products?q=${encodeURIComponent(term)}` : '/products');
          }}
        >
          <label htmlFor="mobile-search" className="sr-only">
            {t('storefront:search.label')}
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="mobile-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('storefront:search.placeholder')}
            className="pl-9"
          />
        </form>
        <nav aria-label={t('nav.label')}>
          <ul className="grid gap-1">
            {STOREFRONT_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-2.5 font-medium hover:bg-accent',
                      isActive && 'bg-secondary text-primary',
                    )
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <div className="grid gap-1 border-t pt-4">
            {isStaff(user) ? (
              <Link to="/dashboard" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'row' })}>
                <LayoutDashboardIcon aria-hidden />
                {t('account.dashboard')}
              </Link>
            ) : null}
            <Link to="/orders" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'row' })}>
              <PackageIcon aria-hidden />
              {t('account.myOrders')}
            </Link>
            <Link to="/layout-generator/projects" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'row' })}>
              <PencilRulerIcon aria-hidden />
              {t('account.myProjects')}
            </Link>
            <Link to="/certification" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'row' })}>
              <AwardIcon aria-hidden />
              {t('account.myCertifications')}
            </Link>
            <Button
              variant="ghost"
              size="row"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              <LogOutIcon aria-hidden />
              {t('account.logOut')}
            </Button>
          </div>
        ) : null}
        <div className="mt-auto border-t pt-4">
          <LanguageSwitch />
        </div>
      </SheetContent>
    </Sheet>
  );
}
