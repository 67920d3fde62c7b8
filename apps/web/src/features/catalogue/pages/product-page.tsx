import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MinusIcon, PlusIcon, ShoppingCartIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/use-page-meta';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/structured-data';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useProduct } from '../api/products';
import { StockBadge } from '../components/stock-badge';
import { TechnicalData } from '../components/technical-data';

const ProductGallery = lazy(() => import('../components/product-gallery'));

/** How the page puts a product in the cart; the storefront route supplies it from the cart feature. */
export type AddToCart = {
  pending: boolean;
  add: (productId: string, quantity: number, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  errorMessage: (error: unknown, fallback: string) => string;
};

export default function ProductPage({ cart }: { cart: AddToCart }) {
  const { t, i18n } = useTranslation('catalogue');
  const uid = useId();
  const { id = '' } = useParams();
  const product = useProduct(id);
  const [quantity, setQty] = useState(1);
  const [added, setAdded] = useState(false);
  const p = product.data;
  usePageMeta(
    p ? localized(p.name, p.nameFr) : t('product.title'),
    p ? localized(p.description, p.descriptionFr).slice(0, 160) : t('products.description'),
    p
      ? {
          path: `/product/${p.slug}`,
          image: [...p.images].sort((a, b) => a.position - b.position)[0]?.url,
          type: 'product',
          jsonLd: (site) => {
            const url = site.url(`/product/${p.slug}`);
            const trail = [
              { name: t('home'), url: site.url('/') },
              { name: t('shop'), url: site.url('/categories') },
              ...(p.category ? [{ name: localized(p.category.name, p.category.nameFr), url: site.url(`/categories/${p.category.id}`) }] : []),
              { name: localized(p.name, p.nameFr), url },
            ];
            return [productJsonLd(p, { origin: site.origin, url, lang: site.lang }), breadcrumbJsonLd(trail)];
          },
        }
      : undefined,
  );

  if (product.isPending) {
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
  if (product.isError || !p) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold">{missing ? t('product.notFound') : t('product.loadFailed')}</h1>
        <Link to="/categories" className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
          {t('products.backToShop')}
        </Link>
      </div>
    );
  }

  const maxQty = Math.max(1, Math.min(p.stock, 10_000));
  const name = localized(p.name, p.nameFr);
  const description = localized(p.description, p.descriptionFr);
  const addToCart = () => {
    cart.add(p.id, quantity, {
      onSuccess: () => {
        setAdded(true);
        notify.success(t('product.added', { count: quantity, name }));
      },
      onError: (error) => notify.error(cart.errorMessage(error, t('product.addFailed'))),
    });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label={t('breadcrumb')} className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-foreground hover:underline">
              {t('home')}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to="/categories" className="hover:text-foreground hover:underline">
              {t('shop')}
            </Link>
          </li>
          {p.category ? (
            <>
              <li aria-hidden>/</li>
              <li>
                <Link to={`/categories/${p.category.id}`} className="hover:text-foreground hover:underline">
                  {localized(p.category.name, p.category.nameFr)}
                </Link>
              </li>
            </>
          ) : null}
        </ol>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <Suspense fallback={<div className="aspect-[4/3] animate-pulse rounded-xl bg-muted" />}>
          <ProductGallery images={p.images} name={name} />
        </Suspense>
        <div className="grid content-start gap-5">
          <div>
            {p.brand ? <p className="text-sm font-medium text-primary">{p.brand.name}</p> : null}
            <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-3xl font-bold">{formatPrice(p.price, i18n.language)}</p>
            <StockBadge stock={p.stock} />
          </div>
          <p className="text-xs text-muted-foreground">{t('product.beforeTax')}</p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <label htmlFor={`${uid}-qty`} className="text-sm font-medium">
                {t('product.quantity')}
              </label>
              <div className="flex items-center rounded-md border border-input">
                <Button variant="ghost" size="icon" aria-label={t('product.decrease')} disabled={quantity <= 1} onClick={() => setQty((q) => Math.max(1, q - 1))}>
                  <MinusIcon aria-hidden />
                </Button>
                <input
                  id={`${uid}-qty`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxQty}
                  value={quantity}
                  onChange={(e) => setQty(Math.max(1, Math.min(maxQty, Math.floor(Number(e.target.value) || 1))))}
                  className="h-10 w-14 bg-transparent text-center text-base tabular-nums [appearance:textfield] focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-inner-spin-button]:appearance-none"
                />
                <Button variant="ghost" size="icon" aria-label={t('product.increase')} disabled={quantity >= maxQty} onClick={() => setQty((q) => Math.min(maxQty, q + 1))}>
                  <PlusIcon aria-hidden />
                </Button>
              </div>
            </div>
            <Button variant="ember" size="lg" disabled={p.stock <= 0 || cart.pending} onClick={addToCart}>
              {cart.pending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
              {t('product.addToCart')}
            </Button>
          </div>
          {added ? (
            <Alert variant="success" role="status">
              <CheckIcon aria-hidden />
              <span>
                {t('product.inCart')}{' '}
                <Link to="/cart" className="font-semibold underline underline-offset-4">
                  {t('product.viewCart')}
                </Link>
              </span>
            </Alert>
          ) : null}
          {description ? (
            <section aria-labelledby={`${uid}-desc`}>
              <h2 id={`${uid}-desc`} className="text-lg font-semibold">
                {t('product.description')}
              </h2>
              <div className="mt-2 grid gap-3 text-sm leading-relaxed text-muted-foreground">
                {description.split(/\n{2,}/).map((para, i) => (
                  <p key={i}>{para}</p>
                ))}
              </div>
            </section>
          ) : null}
          <section aria-labelledby={`${uid}-tech`} className="rounded-xl border bg-card p-4">
            <h2 id={`${uid}-tech`} className="text-lg font-semibold">
              {t('product.technicalData')}
            </h2>
            <div className="mt-2">
              <TechnicalData product={p} />
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
