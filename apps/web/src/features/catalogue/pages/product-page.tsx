import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { QueryState } from '@/components/query-state';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { cn } from '@/lib/utils';
import { useProduct } from '../api/products';
import { ProductBreadcrumb } from '../components/product-breadcrumb';
import { ProductDetails } from '../components/product-details';
import { ProductGallery } from '../components/product-gallery';
import { ProductPurchase, type AddToCart } from '../components/product-purchase';
import { StockBadge } from '../components/stock-badge';
import { useProductMeta } from '../components/use-product-meta';

/** The page's shape in grey while the product loads. */
function ProductLoading() {
  const { t } = useTranslation('catalogue');
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 md:grid-cols-2" aria-busy="true">
      <div className="aspect-[4/3] animate-pulse rounded-xl bg-muted" />
      <div className="grid content-start gap-4">
        <Spinner label={t('loading')} />
        <div className="h-8 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-6 w-1/4 animate-pulse rounded bg-muted" />
        <div className="h-24 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}

/** No such product (or it could not be read), and the way back to the shop. */
function ProductUnavailable({ title }: { title: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Link to="/categories" className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
        {t('products.backToShop')}
      </Link>
    </div>
  );
}

/** Brand, name, price before tax and stock: the top of the product's column. */
function ProductHeading({ product }: { product: ProductOut }) {
  const { t, i18n } = useTranslation('catalogue');
  return (
    <>
      <div>
        {product.brand ? <p className="text-sm font-medium text-primary">{product.brand.name}</p> : null}
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{localized(product.name, product.nameFr)}</h1>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-3xl font-bold">{formatPrice(product.price, i18n.language)}</p>
        <StockBadge stock={product.stock} />
      </div>
      <p className="text-xs text-muted-foreground">{t('product.beforeTax')}</p>
    </>
  );
}

/** The product itself: its pictures beside what it is, what it costs and the way to buy it. */
function ProductView({ product, cart }: { product: ProductOut; cart: AddToCart }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <ProductBreadcrumb category={product.category} />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductGallery images={product.images} name={localized(product.name, product.nameFr)} />
        <div className="grid content-start gap-5">
          <ProductHeading product={product} />
          <ProductPurchase product={product} cart={cart} />
          <ProductDetails product={product} />
        </div>
      </div>
    </div>
  );
}

export default function ProductPage({ cart }: { cart: AddToCart }) {
  const { t } = useTranslation('catalogue');
  const { id = '' } = useParams();
  const product = useProduct(id);
  useProductMeta(product.data);
  return (
    <QueryState
      query={product}
      loading={<ProductLoading />}
      notFound={<ProductUnavailable title={t('product.notFound')} />}
      failed={() => <ProductUnavailable title={t('product.loadFailed')} />}
    >
      {(data) => <ProductView product={data} cart={cart} />}
    </QueryState>
  );
}
