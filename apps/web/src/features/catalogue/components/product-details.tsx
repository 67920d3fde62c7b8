import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { localized } from '@/lib/localized';
import { TechnicalData } from './technical-data';

/** The product's description, a paragraph per blank line, when it has one. */
function ProductDescription({ product }: { product: ProductOut }) {
  const { t } = useTranslation('catalogue');
  const id = `${useId()}-desc`;
  const description = localized(product.description, product.descriptionFr);
  if (!description) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {t('product.description')}
      </h2>
      <div className="mt-2 grid gap-3 text-sm leading-relaxed text-muted-foreground">
        {description.split(/\n{2,}/).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </div>
    </section>
  );
}

/** Below the purchase: what the product is, in words and in figures. */
export function ProductDetails({ product }: { product: ProductOut }) {
  const { t } = useTranslation('catalogue');
  const id = `${useId()}-tech`;
  return (
    <>
      <ProductDescription product={product} />
      <section aria-labelledby={id} className="rounded-xl border bg-card p-4">
        <h2 id={id} className="text-lg font-semibold">
          {t('product.technicalData')}
        </h2>
        <div className="mt-2">
          <TechnicalData product={product} />
        </div>
      </section>
    </>
  );
}
