import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpenIcon, CircleHelpIcon, LifeBuoyIcon, SearchIcon } from 'lucide-react';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { localized } from '@/lib/localized';
import type { HelpTopic } from '../use-help-center';

const FaqAccordion = lazy(() => import('./faq-accordion'));

const articlePath = (article: Pick<HelpArticleOut, 'slug'>) => `/help/${encodeURIComponent(article.slug)}`;

function ArticleCards({ articles }: { articles: HelpArticleOut[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id}>
          <Link
            to={articlePath(article)}
            state={{ article }}
            className="group flex h-full gap-4 rounded-xl border bg-card p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-secondary">
              {article.image ? <img src={article.image} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" /> : null}
            </div>
            <span className="grid content-start gap-1">
              <span className="font-semibold group-hover:text-primary">{localized(article.name, article.nameFr)}</span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{localized(article.description, article.descriptionFr)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Faqs({ faqs }: { faqs: FaqOut[] }) {
  return (
    <Suspense fallback={<Spinner />}>
      <FaqAccordion faqs={faqs} />
    </Suspense>
  );
}

/** The page's head: its title, a line about it, and the search box. */
export function HelpSearchHero({ query, onSearch }: { query: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation('content');
  const uid = useId();
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('help.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('help.subtitle')}</p>
        <form role="search" className="relative mt-8" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${uid}-search`} className="sr-only">
            {t('help.searchLabel')}
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${uid}-search`}
            type="search"
            value={query}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('help.searchPlaceholder')}
            className="h-12 rounded-full pl-12 text-base shadow-sm md:text-base"
          />
        </form>
      </div>
    </section>
  );
}

type Found = { topics: HelpTopic[]; articles: HelpArticleOut[]; faqs: FaqOut[] };

/** What a search found, by kind (a topic's button searches for its word), or a line that it found nothing. */
export function HelpResults({ term, found, onSearch }: { term: string; found: Found; onSearch: (value: string) => void }) {
  const { t } = useTranslation('content');
  const uid = useId();
  const nothing = !found.topics.length && !found.articles.length && !found.faqs.length;
  return (
    <section aria-labelledby={`${uid}-results`} className="py-10">
      <h2 id={`${uid}-results`} className="text-2xl font-bold tracking-tight">
        {t('help.resultsFor', { q: term })}
      </h2>
      {nothing ? (
        <div className="mt-6 rounded-xl border border-dashed px-6 py-12 text-center">
          <CircleHelpIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
          <p className="mt-3 font-medium" role="status">
            {t('help.noResults')}
          </p>
        </div>
      ) : (
        <div className="mt-6 grid gap-8">
          {found.topics.length ? (
            <div>
              <h3 className="mb-3 text-lg font-semibold">{t('help.topicsTitle')}</h3>
              <ul className="flex flex-wrap gap-2">
                {found.topics.map((topic) => (
                  <li key={topic.key}>
                    <Button variant="outline" size="sm" onClick={() => onSearch(topic.term)}>
                      {topic.name}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {found.articles.length ? (
            <div>
              <h3 className="mb-3 text-lg font-semibold">{t('help.articlesTitle')}</h3>
              <ArticleCards articles={found.articles} />
            </div>
          ) : null}
          {found.faqs.length ? (
            <div>
              <h3 className="mb-3 text-lg font-semibold">{t('help.faqTitle')}</h3>
              <Faqs faqs={found.faqs} />
            </div>
          ) : null}
        </div>
      )}
      <Button variant="outline" className="mt-8" onClick={() => onSearch('')}>
        <BookOpenIcon aria-hidden />
        {t('help.viewAll')}
      </Button>
    </section>
  );
}

/** Without a search: the topic tiles, every article and the popular questions. */
export function HelpBrowse({ topics, articles, faqs, onSearch }: { topics: HelpTopic[]; articles: HelpArticleOut[]; faqs: FaqOut[]; onSearch: (value: string) => void }) {
  const { t } = useTranslation('content');
  const uid = useId();
  return (
    <>
      <section aria-labelledby={`${uid}-topics`} className="py-10">
        <h2 id={`${uid}-topics`} className="text-2xl font-bold tracking-tight">
          {t('help.topicsTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {topics.map(({ icon: Icon, ...topic }) => (
            <li key={topic.key}>
              <button
                type="button"
                onClick={() => onSearch(topic.term)}
                className="flex h-full w-full flex-col items-start gap-3 rounded-xl border bg-card p-5 text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="font-semibold">{topic.name}</span>
                <span className="text-sm text-muted-foreground">{topic.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${uid}-articles`} className="py-6">
        <h2 id={`${uid}-articles`} className="text-2xl font-bold tracking-tight">
          {t('help.articlesTitle')}
        </h2>
        <div className="mt-6">{articles.length ? <ArticleCards articles={articles} /> : <p className="text-muted-foreground">{t('help.noArticles')}</p>}</div>
      </section>
      <section aria-labelledby={`${uid}-faq`} className="py-10">
        <h2 id={`${uid}-faq`} className="text-2xl font-bold tracking-tight">
          {t('help.popularQuestions')}
        </h2>
        <div className="mt-6 max-w-4xl">{faqs.length ? <Faqs faqs={faqs} /> : <p className="text-muted-foreground">{t('help.noFaqs')}</p>}</div>
      </section>
    </>
  );
}

/** The banner at the foot of the page: still need help? Contact support. */
export function HelpContactBanner({ onContact }: { onContact: () => void }) {
  const { t } = useTranslation('content');
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-contact`} className="my-10 flex flex-col items-start gap-4 rounded-2xl bg-navy p-8 text-navy-foreground sm:flex-row sm:items-center">
      <LifeBuoyIcon className="size-10 shrink-0 text-sky-300" aria-hidden />
      <div className="flex-1">
        <h2 id={`${uid}-contact`} className="text-xl font-bold text-white">
          {t('help.stillNeedHelp')}
        </h2>
        <p className="mt-1 text-sm text-navy-foreground/85">{t('help.stillNeedHelpBody')}</p>
      </div>
      <Button variant="secondary" onClick={onContact}>
        {t('help.contactSupport')}
      </Button>
    </section>
  );
}
