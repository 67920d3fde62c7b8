import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from 'lucide-react';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import NotFoundPage from '@/components/not-found-page';
import { QueryState } from '@/components/query-state';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { localized } from '@/lib/localized';
import { articleJsonLd, breadcrumbJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useHelpArticle } from '../api/help';

/** Opened from the help centre (the article comes along) or directly by its URL (loaded by slug). */
export default function HelpArticlePage() {
  const { t } = useTranslation('content');
  const { slug = '' } = useParams();
  const passed = (useLocation().state as { article?: HelpArticleOut } | null)?.article;
  const query = useHelpArticle(slug);
  const article = query.data ?? (passed?.slug === slug ? passed : undefined);
  usePageMeta(
    article ? localized(article.name, article.nameFr) : t('article.title'),
    article ? localized(article.description, article.descriptionFr).slice(0, 160) : t('help.metaDescription'),
    article
      ? {
          type: 'article',
          image: article.image ?? undefined,
          jsonLd: (site) => {
            const url = site.url(`/help/${article.slug}`);
            return [
              articleJsonLd(article, { origin: site.origin, url, lang: site.lang }),
              breadcrumbJsonLd([
                { name: t('common:nav.home'), url: site.url('/') },
                { name: t('common:nav.helpCenter'), url: site.url('/helpcenter') },
                { name: localized(article.name, article.nameFr), url },
              ]),
            ];
          },
        }
      : undefined,
  );

  const back = (
    <Link to="/helpcenter" className={cn(buttonVariants({ variant: 'link' }), 'px-0')}>
      <ArrowLeftIcon aria-hidden />
      {t('article.back')}
    </Link>
  );

  // Opened at a former slug: the address becomes the article's present one.
  if (query.data && query.data.slug !== slug) return <Navigate to={`/help/${query.data.slug}`} replace />;

  // An article passed along from the help centre shows whatever its reload answers.
  const shown = { data: article, error: article ? null : query.error, isError: !article && query.isError };
  return (
    <QueryState
      query={shown}
      loading={
        <div className="flex justify-center py-24">
          <Spinner label={t('article.loading')} className="size-8" />
        </div>
      }
      notFound={<NotFoundPage />}
      // Whatever the API refuses an address with (404, 400, 414 ...), there is no article there.
      failed={(error) =>
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? (
          <NotFoundPage />
        ) : (
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
            {back}
            <h1 className="mt-4 text-2xl font-bold">{t('article.loadFailed')}</h1>
          </div>
        )
      }
    >
      {(loaded) => <HelpArticle article={loaded} back={back} />}
    </QueryState>
  );
}

/** The article: its title, date, picture and text, and the way to the rest of the help centre. */
function HelpArticle({ article, back }: { article: HelpArticleOut; back: ReactNode }) {
  const { t, i18n } = useTranslation('content');
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {back}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{localized(article.name, article.nameFr)}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('article.updated', { date: formatDate(article.updated_at, i18n.language) })}</p>
      {article.image ? (
        <img src={article.image} alt="" width={768} height={432} className="mt-6 aspect-video w-full rounded-xl border bg-secondary object-contain" />
      ) : null}
      <div className="mt-8 grid gap-4 text-base leading-relaxed">
        {localized(article.description, article.descriptionFr).split(/\n{2,}/).map((para, i) => (
          <p key={i} className="whitespace-pre-line">
            {para}
          </p>
        ))}
      </div>
      <div className="mt-10 rounded-xl border bg-secondary p-5">
        <p className="font-medium">{t('article.moreHelp')}</p>
        <Link to="/helpcenter" className="mt-1 inline-block text-primary underline-offset-4 hover:underline">
          {t('help.viewAll')}
        </Link>
      </div>
    </article>
  );
}
