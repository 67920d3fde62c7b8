import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const TABS = [
  { to: '/dashboard/products', key: 'pages.products', adminOnly: false },
  { to: '/dashboard/categories', key: 'pages.categories', adminOnly: false },
  { to: '/dashboard/brands', key: 'pages.brands', adminOnly: true },
  { to: '/dashboard/suppliers', key: 'pages.suppliers', adminOnly: true },
] as const;

/** Moves between the catalogue's dashboard pages; brands and suppliers have no sidebar item of their own. */
export function CatalogueTabs({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  return (
    <nav aria-label={t('admin.tabs')} className="-mt-2">
      <ul className="flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1">
        {TABS.filter((tab) => isAdmin || !tab.adminOnly).map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                  isActive && 'bg-background text-foreground shadow-xs',
                )
              }
            >
              {t(`dashboard:${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
