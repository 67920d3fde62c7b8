import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { localized } from '@/lib/localized';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * The product page's title, description and head: its one address, its first picture, and its structured data (the
 * product and the trail to it), which only the server computes, as it writes the head.
 */
export function useProductMeta(product: ProductOut | undefined) {
  const { t } = useTranslation('catalogue');
  const p = product;
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
}
