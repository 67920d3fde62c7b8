import type { ReactNode } from 'react';
import type { ProductSummary } from '@meltway/shared/catalogue/product.schema';
import { ProductCard, ProductCardSkeleton } from './product-card';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({ products, loading, skeletons = 8, empty }: { products?: ProductSummary[]; loading?: boolean; skeletons?: number; empty?: ReactNode }) {
  if (loading && !products) {
    return (
      <div className={GRID}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!products?.length) return <>{empty}</>;
  return (
    <ul className={GRID}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} position={i} />
        </li>
      ))}
    </ul>
  );
}
