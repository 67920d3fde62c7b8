import { Link, Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { LanguageSwitch } from '@/components/language-switch';

/** Sign-in, reset and registration: a quiet frame with a way home and the language switch. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary via-background to-background">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/" className="rounded-md text-foreground">
          <Logo className="h-8" title={t('brand.home')} />
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:px-6">
        <Outlet />
      </main>
      <footer className="py-6 text-center text-sm text-muted-foreground">{t('footer.copyright', { year: new Date().getFullYear() })}</footer>
      <ScrollRestoration />
    </div>
  );
}
