import { Link, Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { HeaderNav } from '@/components/header-nav';
import { LanguageSwitch } from '@/components/language-switch';
import { buttonVariants } from '@/components/ui/button';
import { UserMenu } from '@/features/accounts/components/user-menu';
import { useCurrentUser } from '@/lib/session';

const NAV = [
  { to: '/lms', key: 'nav.catalogue', end: true },
  { to: '/lms/home', key: 'nav.myLearning', end: false },
  { to: '/certification', key: 'nav.certifications', end: false, signedIn: true },
] as const;

export default function LmsLayout() {
  const { t } = useTranslation(['lms', 'common']);
  const user = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common:actions.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:flex-nowrap sm:px-6 sm:py-0">
          <Link to="/lms" className="flex shrink-0 items-center gap-2 rounded-md text-foreground">
            <Logo className="h-7" title={t('brand.academyHome')} />
            <span className="hidden rounded-full bg-ember-soft px-2 py-0.5 text-xs font-semibold text-ember sm:inline">
              {t('brand.academy')}
            </span>
          </Link>
          <HeaderNav
            label={t('nav.label')}
            items={NAV.filter((item) => !('signedIn' in item) || user).map(({ to, key, end }) => ({ to, end, label: t(key) }))}
            className="order-last -mx-1 w-full sm:order-none sm:mx-0 sm:ml-2 sm:w-auto"
            linkClassName="px-2 sm:px-3"
          />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitch compact />
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link to="/login?redirect=%2Flms" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {t('common:account.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <p>{t('common:footer.copyright', { year: new Date().getFullYear() })}</p>
          <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('nav.backToShop')}
          </Link>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
