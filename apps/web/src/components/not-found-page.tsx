import { CompassIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('notFound.title'));
  const [home, backKey] = pathname.startsWith('/dashboard')
    ? ['/dashboard', 'notFound.backToDashboard']
    : pathname.startsWith('/lms')
      ? ['/lms', 'notFound.backToAcademy']
      : ['/', 'notFound.backHome'];
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <CompassIcon className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.body')}</p>
      <Link to={home} className={buttonVariants({ className: 'mt-8' })}>
        {t(backKey)}
      </Link>
    </section>
  );
}
