import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShoppingCartIcon } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { HeaderNav } from '@/components/header-nav';
import { LanguageSwitch } from '@/components/language-switch';
import { Button, buttonVariants } from '@/components/ui/button';
import { useCartCount } from '@/lib/cart-store';
import { useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { AppLauncher } from './app-launcher';
import { HeaderSearch } from './header-search';
import { MobileNav } from './mobile-nav';
import { STOREFRONT_NAV } from './storefront-nav';
import { withQueryClient } from '@/lib/lazy-query-client';

// A visitor's first view has no account menu: its code comes only for someone signed in.
const UserMenu = lazy(() => import('@/features/accounts/components/user-menu').then((m) => ({ default: m.UserMenu })));
const SignInDialog = lazy(withQueryClient(() => import('@/features/accounts/components/sign-in-dialog')));

export function SiteHeader() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const cartCount = useCartCount();
  const [signInOpen, setSignInOpen] = useState(false);
  const [signInMounted, setSignInMounted] = useState(false);

  const openSignIn = () => {
    setSignInMounted(true);
    setSignInOpen(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <MobileNav onSignIn={openSignIn} />
        {/* Narrow phones show the wordmark's tile alone, so the cart and Sign In keep their room. */}
        <Link to="/" className="mr-2 flex w-[26px] shrink-0 items-center overflow-hidden rounded-md text-foreground min-[480px]:w-auto">
          <Logo className="h-7 shrink-0 sm:h-8" title={t('brand.home')} />
        </Link>
        <HeaderNav label={t('nav.label')} items={STOREFRONT_NAV.map((item) => ({ ...item, label: t(item.key) }))} className="hidden lg:block" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <HeaderSearch />
          <LanguageSwitch compact />
          <AppLauncher />
          <Link
            to="/cart"
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
            aria-label={t('cart.label', { count: cartCount })}
          >
            <ShoppingCartIcon aria-hidden />
            {cartCount > 0 ? (
              <span
                aria-hidden
                className="absolute top-1 right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-ember px-1 text-[11px] leading-none font-semibold text-ember-foreground"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <Suspense fallback={<span className="ml-1 size-9 rounded-full bg-muted" aria-hidden />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <Button variant="outline" size="sm" className="ml-1 px-2.5 sm:px-3" onClick={openSignIn}>
              {t('account.signIn')}
            </Button>
          )}
        </div>
      </div>
      {signInMounted ? (
        <Suspense fallback={null}>
          <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
