import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NoAccess() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('noAccess.title'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t('noAccess.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('noAccess.body')}</p>
      <Link to="/dashboard" className="mt-6 inline-block font-medium text-primary underline-offset-4 hover:underline">
        {t('common:notAvailable.backToDashboard')}
      </Link>
    </section>
  );
}
