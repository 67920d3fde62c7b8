import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackageIcon } from 'lucide-react';
import type { ProductSummary } from '@meltway/shared/catalogue/product.schema';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { pictureLoading } from '@/lib/picture-loading';
import { StockBadge } from './stock-badge';

export function ProductCard({ product, headingLevel = 'h3', position }: { product: ProductSummary; headingLevel?: 'h2' | 'h3'; /** Its place in a grid: the first pictures load at once. */ position?: number }) {
  const { i18n } = useTranslation('catalogue');
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="aspect-[4/3] overflow-hidden bg-secondary">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            {...pictureLoading(position)}
            width={400}
            height={300}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-primary/50">
            <PackageIcon className="size-12" aria-hidden />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        {product.category ? <p className="text-xs font-medium tracking-wide text-primary uppercase">{localized(product.category.name, product.category.nameFr)}</p> : null}
        <Heading className="text-sm leading-snug font-semibold sm:text-base">
          <Link to={`/product/${product.slug}`} className="outline-none after:absolute after:inset-0">
            {localized(product.name, product.nameFr)}
          </Link>
        </Heading>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p className="text-base font-bold sm:text-lg">{formatPrice(product.price, i18n.language)}</p>
          <StockBadge stock={product.stock} />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card" aria-hidden>
      <div className="aspect-[4/3] animate-pulse bg-muted" />
      <div className="grid gap-3 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-5 w-1/4 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
