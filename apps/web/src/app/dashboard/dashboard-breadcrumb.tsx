import { Fragment } from 'react';
import { Link, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from 'lucide-react';
import { PAGE_TITLES, type DashboardHandle } from './dashboard-access';

/** Dashboard › section › page, from the matched route's handle. */
export function DashboardBreadcrumb() {
  const { t } = useTranslation('dashboard');
  const matches = useMatches();
  const handle = [...matches].reverse().map((m) => m.handle as DashboardHandle | undefined).find((h) => h?.titleKey);
  const crumbs: { label: string; to?: string }[] = [{ label: t('pages.dashboard'), to: '/dashboard' }];
  const parentTitle = handle?.parent ? PAGE_TITLES[handle.parent] : undefined;
  if (handle?.parent && parentTitle) crumbs.push({ label: t(parentTitle), to: `/dashboard/${handle.parent}` });
  if (handle?.titleKey && handle.titleKey !== 'pages.dashboard') crumbs.push({ label: t(handle.titleKey) });

  return (
    <nav aria-label={t('breadcrumb')} className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.label + index}>
              {index > 0 ? (
                <li aria-hidden className="flex">
                  <ChevronRightIcon className="size-3.5" />
                </li>
              ) : null}
              <li>
                {last || !crumb.to ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.to} className="hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
