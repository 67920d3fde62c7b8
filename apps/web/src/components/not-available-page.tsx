import { ConstructionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';

type Props = { titleKey: string };

/** Routes whose feature is not built yet: the right layout and heading, and a plain word about it. */
export function NotAvailablePage({ titleKey }: Props) {
  const ns = titleKey.includes(':') ? titleKey.split(':')[0] : 'common';
  const { t } = useTranslation(['common', ns ?? 'common']);
  const title = t(titleKey);
  useDocumentTitle(title);
  const inDashboard = titleKey.startsWith('dashboard:');
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-dashed bg-muted/60 p-6 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ember-soft text-ember">
          <ConstructionIcon className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <p className="font-semibold">{t('notAvailable.title')}</p>
          <p className="text-sm text-muted-foreground">{t('notAvailable.body')}</p>
        </div>
      </div>
      <p className="mt-6">
        <Link to={inDashboard ? '/dashboard' : '/'} className="font-medium text-primary underline-offset-4 hover:underline">
          {inDashboard ? t('notAvailable.backToDashboard') : t('notAvailable.backHome')}
        </Link>
      </p>
    </section>
  );
}
