import { useId, useState, type FormEvent } from 'react';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { localized } from '@/lib/localized';
import { breadcrumbJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useCategories, useCategory } from '../api/categories';
import { useProducts } from '../api/products';
import { ProductGrid } from '../components/product-grid';
import { PRODUCT_PAGE_SIZE, SORT_OPTIONS, productQueryFrom, sortKeyOf, type SortKey } from '../components/product-query';

const selectClasses =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm';

/** Sets (or, for an empty value, removes) query parameters; any change but the page's goes back to page 1. */
type Update = (changes: Record<string, string | undefined>) => void;

type FilterProps = {
  params: URLSearchParams;
  inCategory: boolean;
  categories?: CategoryOut[];
  hasFilters: boolean;
  update: Update;
  clear: () => void;
};

/** Typed values wait for "Apply"; keyed by the URL, so it starts over whenever the URL changes. */
function FilterForm({ params, inCategory, categories, hasFilters, update, clear }: FilterProps) {
  const { t } = useTranslation('catalogue');
  const uid = useId();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [min, setMin] = useState(params.get('min') ?? '');
  const [max, setMax] = useState(params.get('max') ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined, min: min.trim() || undefined, max: max.trim() || undefined });
  };
  return (
    <form onSubmit={onSubmit} aria-label={t('filters.label')} className="grid content-start gap-4 rounded-xl border bg-card p-4 lg:sticky lg:top-20">
      <div className="grid gap-2">
        <Label htmlFor={`${uid}-q`}>{t('filters.search')}</Label>
        <Input id={`${uid}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('filters.searchPlaceholder')} />
      </div>
      {!inCategory ? (
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-category`}>{t('filters.category')}</Label>
          <select
            id={`${uid}-category`}
            className={selectClasses}
            value={params.get('category') ?? ''}
            onChange={(e) => update({ category: e.target.value || undefined })}
          >
            <option value="">{t('filters.allCategories')}</option>
            {categories?.map((c) => (
              <option key={c.id} value={c.id}>
                {localized(c.name, c.nameFr)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">{t('filters.price')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${uid}-min`} className="text-xs text-muted-foreground">
              {t('filters.min')}
            </Label>
            <Input id={`${uid}-min`} inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} placeholder="0" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${uid}-max`} className="text-xs text-muted-foreground">
              {t('filters.max')}
            </Label>
            <Input id={`${uid}-max`} inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} placeholder="5000" />
          </div>
        </div>
      </fieldset>
      <Button type="submit">
        <SearchIcon aria-hidden />
        {t('filters.apply')}
      </Button>
      {hasFilters ? (
        <Button variant="ghost" onClick={clear}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </form>
  );
}

/** /products and /categories/:id: one grid, filtered, sorted and paged by the server from the URL. */
export default function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const uid = useId();
  const { id: categoryId } = useParams();
  const [params, setParams] = useSearchParams();
  const query = productQueryFrom(params, categoryId);
  const products = useProducts(query);
  const categories = useCategories();
  const category = useCategory(categoryId);

  const categoryName = category.data ? localized(category.data.name, category.data.nameFr) : undefined;
  const heading = categoryId ? (categoryName ?? t('products.category')) : query.q ? t('products.resultsFor', { q: query.q }) : t('products.title');
  const description = categoryId ? category.data && localized(category.data.description, category.data.descriptionFr) : t('products.description');
  usePageMeta(
    categoryId ? categoryName : t('products.title'),
    description ?? t('products.description'),
    categoryId && categoryName
      ? {
          jsonLd: (site) => [
            breadcrumbJsonLd([
              { name: t('home'), url: site.url('/') },
              { name: t('shop'), url: site.url('/categories') },
              { name: categoryName, url: site.url(`/categories/${categoryId}`) },
            ]),
          ],
        }
      : undefined,
  );

  const update: Update = (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const total = products.data?.total ?? 0;
  const page = query.page as number;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  const hasFilters = !!(query.q || query.minPrice !== undefined || query.maxPrice !== undefined || (!categoryId && query.categoryId));

  if (categoryId && category.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">{t('products.categoryMissing')}</h1>
        <Link to="/categories" className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
          {t('products.backToShop')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <ProductsBreadcrumb inCategory={!!categoryId} categoryName={categoryName} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{heading}</h1>
      {categoryId && description ? <p className="mt-2 max-w-3xl text-muted-foreground">{description}</p> : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <FilterForm
          key={params.toString()}
          params={params}
          inCategory={!!categoryId}
          categories={categories.data?.items}
          hasFilters={hasFilters}
          update={update}
          clear={() => setParams(new URLSearchParams())}
        />

        <section aria-labelledby={`${uid}-results`}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${uid}-results`} className="text-sm text-muted-foreground" aria-live="polite">
              {/* The error below says it all; a count of 0 beside it would contradict it. */}
              {products.isPending ? <Spinner label={t('loading')} /> : products.isError ? null : t('products.count', { count: total })}
            </h2>
            <SortSelect id={`${uid}-sort`} params={params} update={update} />
          </div>
          {products.isError ? (
            <Alert variant="error" role="alert">
              {t('products.loadFailed')}
              <Button variant="link" size="inline" onClick={() => void products.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          ) : (
            <div className={cn(products.isPlaceholderData && 'opacity-60 transition-opacity')}>
              <ProductGrid
                products={products.data?.items}
                loading={products.isPending}
                empty={<NoProducts hasFilters={hasFilters} clear={() => setParams(new URLSearchParams())} />}
              />
            </div>
          )}
          {pages > 1 ? <ProductsPaging page={page} pages={pages} update={update} /> : null}
        </section>
      </div>
    </div>
  );
}

/** Home / Products, or Home / Shop / the category. */
function ProductsBreadcrumb({ inCategory, categoryName }: { inCategory: boolean; categoryName: string | undefined }) {
  const { t } = useTranslation('catalogue');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            {t('home')}
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li>
          {inCategory ? (
            <Link to="/categories" className="hover:text-foreground hover:underline">
              {t('shop')}
            </Link>
          ) : (
            <span aria-current="page">{t('products.title')}</span>
          )}
        </li>
        {inCategory ? (
          <>
            <li aria-hidden>/</li>
            <li aria-current="page">{categoryName ?? '…'}</li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

function SortSelect({ id, params, update }: { id: string; params: URLSearchParams; update: Update }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        {t('sort.label')}
      </Label>
      <select
        id={id}
        className={cn(selectClasses, 'w-auto')}
        value={sortKeyOf(params)}
        onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
      >
        {(Object.keys(SORT_OPTIONS) as SortKey[]).map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** No product matches: what to try next, and a way out of the filters. */
function NoProducts({ hasFilters, clear }: { hasFilters: boolean; clear: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="mt-4 font-semibold">{t('products.empty')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('products.emptyHint')}</p>
      {hasFilters ? (
        <Button variant="outline" className="mt-5" onClick={clear}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}

function ProductsPaging({ page, pages, update }: { page: number; pages: number; update: Update }) {
  const { t } = useTranslation('catalogue');
  return (
    <nav aria-label={t('paging.label')} className="mt-8 flex items-center justify-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
        <ChevronLeftIcon aria-hidden />
        {t('paging.previous')}
      </Button>
      <span className="text-sm">{t('paging.pageOf', { page, pages })}</span>
      <Button variant="outline" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
        {t('paging.next')}
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
