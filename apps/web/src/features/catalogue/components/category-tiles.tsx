import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from 'lucide-react';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { localized } from '@/lib/localized';
import { pictureLoading } from '@/lib/picture-loading';

export function CategoryTiles({ categories, loading }: { categories?: CategoryOut[]; loading?: boolean }) {
  const { t } = useTranslation('catalogue');
  if (loading && !categories) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-64 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {categories?.map((category, i) => (
        <li key={category.id}>
          <Link
            to={`/categories/${category.id}`}
            className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <div className="aspect-[16/10] overflow-hidden bg-secondary">
              {category.image ? (
                <img src={category.image} alt="" {...pictureLoading(i)} width={400} height={250} className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
              ) : null}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-4">
              <span className="flex items-center justify-between gap-2 text-lg font-semibold">
                {localized(category.name, category.nameFr)}
                <ArrowRightIcon className="size-4 text-primary transition-transform group-hover:translate-x-0.5" aria-hidden />
              </span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{localized(category.description, category.descriptionFr)}</span>
              <span className="mt-auto pt-2 text-xs font-medium text-primary">{t('categories.productCount', { count: category.productCount })}</span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
