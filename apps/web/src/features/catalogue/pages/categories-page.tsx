import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { CategoryTiles } from '../components/category-tiles';
import { ProductGrid } from '../components/product-grid';

export default function CategoriesPage() {
  const { t } = useTranslation('catalogue');
  usePageMeta(t('categories.title'), t('categories.description'));
  const categories = useCategories();
  const newest = useProducts({ page: 1, pageSize: 8, sort: 'created_at', order: 'desc' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('categories.title')}</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">{t('categories.description')}</p>
      <section aria-labelledby="shop-categories" className="mt-8">
        <h2 id="shop-categories" className="sr-only">
          {t('categories.heading')}
        </h2>
        {categories.isError ? (
          <Alert variant="error" role="alert">
            {t('categories.loadFailed')}
          </Alert>
        ) : categories.data?.items.length === 0 ? (
          <p className="text-muted-foreground">{t('categories.empty')}</p>
        ) : (
          <CategoryTiles categories={categories.data?.items} loading={categories.isPending} />
        )}
      </section>
      <section aria-labelledby="shop-newest" className="mt-14">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="shop-newest" className="text-2xl font-bold tracking-tight">
            {t('categories.newest')}
          </h2>
          <Link to="/products" className={buttonVariants({ variant: 'outline' })}>
            {t('categories.allProducts')}
          </Link>
        </div>
        <ProductGrid products={newest.data?.items} loading={newest.isPending} empty={<p className="text-muted-foreground">{t('products.empty')}</p>} />
      </section>
    </div>
  );
}
