import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { localized } from '@/lib/localized';

const LINK = 'hover:text-foreground hover:underline';

/** Home / Shop / the product's category, above the product. */
export function ProductBreadcrumb({ category }: { category: ProductOut['category'] }) {
  const { t } = useTranslation('catalogue');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className={LINK}>
            {t('home')}
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li>
          <Link to="/categories" className={LINK}>
            {t('shop')}
          </Link>
        </li>
        {category ? (
          <>
            <li aria-hidden>/</li>
            <li>
              <Link to={`/categories/${category.id}`} className={LINK}>
                {localized(category.name, category.nameFr)}
              </Link>
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}
