import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Searches the shop: goes to /products?q=…; on tablets and small laptops an icon leads to the product search (phones use the menu). */
export function HeaderSearch() {
  const { t } = useTranslation('storefront');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = q.trim();
    void navigate(term ? `/products?q=${encodeURIComponent(term)}` : '/products');
  };
  return (
    <>
      <form role="search" onSubmit={onSubmit} className="relative hidden xl:block">
        <label htmlFor="header-search" className="sr-only">
          {t('search.label')}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          id="header-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('search.placeholder')}
          className="h-9 w-64 rounded-full border border-input bg-background pr-3 pl-9 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </form>
      <Link to="/products" className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'max-sm:hidden xl:hidden')} aria-label={t('search.label')}>
        <SearchIcon aria-hidden />
      </Link>
    </>
  );
}
