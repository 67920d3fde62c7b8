import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { useCategories } from '@/features/catalogue/api/categories';
import { useProducts } from '@/features/catalogue/api/products';
import { CategoryTiles } from '@/features/catalogue/components/category-tiles';
import { ProductGrid } from '@/features/catalogue/components/product-grid';

/** The home page's shop window: loaded after the hero so the first paint stays small. */
export default function HomeFeatured() {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  const products = useProducts({ page: 1, pageSize: 8, sort: 'stock', order: 'desc' });
  return (
    <>
      <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="home-categories" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('featured.categories')}
          </h2>
          <Link to="/categories" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('featured.allCategories')}
          </Link>
        </div>
        <CategoryTiles categories={categories.data?.items} loading={categories.isPending} />
      </section>
      <section aria-labelledby="home-products" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="home-products" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('featured.products')}
          </h2>
          <Link to="/products" className={buttonVariants({ variant: 'outline' })}>
            {t('featured.allProducts')}
          </Link>
        </div>
        <ProductGrid products={products.data?.items} loading={products.isPending} empty={<p className="text-muted-foreground">{t('products.empty')}</p>} />
      </section>
    </>
  );
}
