import { useTranslation } from 'react-i18next';
import { BookOpenIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function CataloguePage() {
  const { t } = useTranslation(['lms', 'common']);
  useDocumentTitle(t('catalogue.documentTitle'));
  return (
    <>
      <section className="bg-navy text-navy-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
          <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{t('brand.academy')}</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
            {t('catalogue.heroTitle')}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-navy-foreground/85">{t('catalogue.heroBody')}</p>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
          {t('catalogue.features')}
        </h2>
        <div className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-dashed bg-muted/60 p-6 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <BookOpenIcon className="size-6" aria-hidden />
          </span>
          <div className="grid gap-1">
            <p className="font-semibold">{t('common:notAvailable.title')}</p>
            <p className="text-sm text-muted-foreground">{t('catalogue.notYet')}</p>
          </div>
        </div>
      </section>
    </>
  );
}
