import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpenIcon, SearchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { CourseCard } from '@/features/academy/learner/course-card';
import { CATALOGUE_PAGE_SIZE, useCatalogue } from '@/features/academy/learner/learning-api';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { usePageMeta } from '@/lib/use-page-meta';

/** The academy's landing page: the hero, a search on the server kept in the address (?q=, ?page=), and the course grid. */
export default function CataloguePage() {
  const { t } = useTranslation(['lms', 'common']);
  usePageMeta(t('catalogue.documentTitle'), t('catalogue.heroBody'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    // Back and forward change the address: the box follows it.
    setSeenQ(q);
    setText(q);
  }
  const catalogue = useCatalogue(q, page);
  const total = catalogue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));

  const go = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) out.set('q', nq);
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim(), page: 1 });
  };

  return (
    <>
      <section className="bg-navy text-navy-foreground">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{t('brand.academy')}</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-bold tracking-tight text-white sm:text-5xl">{t('catalogue.heroTitle')}</h1>
          <p className="mt-4 max-w-xl text-lg text-navy-foreground/85">{t('catalogue.heroBody')}</p>
          <form role="search" onSubmit={submit} className="mt-8 flex max-w-xl gap-2">
            <label htmlFor="catalogue-search" className="sr-only">
              {t('catalogue.searchLabel')}
            </label>
            <Input
              id="catalogue-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('catalogue.searchPlaceholder')}
              maxLength={100}
              className="h-11 min-w-0 flex-1 bg-background text-foreground"
            />
            <Button type="submit" size="lg" className="h-11">
              <SearchIcon aria-hidden />
              {t('catalogue.go')}
            </Button>
          </form>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
            {t('catalogue.features')}
          </h2>
          {catalogue.data ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {q ? t('catalogue.resultsFor', { count: total, q }) : t('catalogue.count', { count: total })}
            </p>
          ) : null}
        </div>
        {catalogue.isPending ? (
          <div className="mt-8 flex justify-center">
            <Spinner label={t('catalogue.loading')} className="size-6" />
          </div>
        ) : catalogue.isError ? (
          <p role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
            {errorText(t, catalogue.error, t('catalogue.loadFailed'))}
          </p>
        ) : catalogue.data.courses.length === 0 ? (
          <div className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-dashed bg-muted/60 p-6 sm:flex-row sm:items-center">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
              <BookOpenIcon className="size-6" aria-hidden />
            </span>
            <div className="grid gap-1">
              <p className="font-semibold">{q ? t('catalogue.noMatchTitle') : t('catalogue.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{q ? t('catalogue.noMatchBody', { q }) : t('catalogue.emptyBody')}</p>
            </div>
          </div>
        ) : (
          <>
            <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy={catalogue.isFetching}>
              {catalogue.data.courses.map((c, i) => (
                <CourseCard
                  key={c.id}
                  position={i}
                  to={`/lms/courses/${c.id}`}
                  title={localized(c.courseTitle, c.courseTitleFr)}
                  description={localized(c.description, c.descriptionFr)}
                  cover={c.coverImage}
                >
                  <p className="mt-auto pt-2 text-xs text-muted-foreground">{t('catalogue.byAuthor', { name: c.authorName, count: c.lessonCount })}</p>
                </CourseCard>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label={t('catalogue.pagination')} className="mt-8 flex items-center justify-center gap-3">
                <Button variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                  {t('catalogue.previous')}
                </Button>
                <span className="text-sm">{t('catalogue.pageOf', { page, pages })}</span>
                <Button variant="outline" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                  {t('catalogue.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
