import { useCallback, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon, PanelLeftIcon } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { UserMenu } from '@/features/accounts/components/user-menu';
import { useMe } from '@/features/accounts/api/me';
import { isStaff, sessionStore, useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import type { DashboardHandle } from './dashboard-access';
import { navForRole, type NavSection } from './dashboard-nav';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state';
import { NoAccess } from './no-access';
import { DashboardBreadcrumb } from './dashboard-breadcrumb';

function SidebarNav({
  sections,
  collapsed = false,
  onNavigate,
}: {
  sections: NavSection[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('nav.label')} className={cn('grid', collapsed ? 'gap-3' : 'gap-5')}>
      {sections.map((section, index) => (
        <div key={section.key ?? index} className="grid gap-1">
          {section.key ? (
            collapsed ? (
              <h2 className="sr-only">{t(section.key)}</h2>
            ) : (
              <h2 className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(section.key)}</h2>
            )
          ) : null}
          {collapsed && index > 0 ? <hr className="mx-1 mb-1 border-border" aria-hidden /> : null}
          <ul className="grid gap-0.5">
            {section.items.map(({ path, key, icon: Icon }) => {
              const link = (
                <NavLink
                  to={path ? `/dashboard/${path}` : '/dashboard'}
                  end={!path}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center rounded-md text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                      collapsed ? 'size-8 justify-center' : 'gap-3 px-3 py-2',
                      isActive ? 'bg-secondary text-primary' : 'text-foreground/85',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className={collapsed ? 'sr-only' : undefined}>{t(key)}</span>
                </NavLink>
              );
              return (
                <li key={key}>
                  {collapsed ? (
                    <Tooltip>
                      <TooltipTrigger asChild>{link}</TooltipTrigger>
                      <TooltipContent side="right">{t(key)}</TooltipContent>
                    </Tooltip>
                  ) : (
                    link
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export default function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useCurrentUser();
  const location = useLocation();
  const matches = useMatches();
  const [open, setOpen] = useState(readSidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  useMe(!!user);

  const toggle = useCallback(() => {
    setOpen((value) => {
      writeSidebarOpen(!value);
      return !value;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        if (window.matchMedia('(min-width: 768px)').matches) toggle();
        else setMobileOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  // The loader guards entry; this covers signing out (home) or a session that expired (sign in again).
  if (!user) {
    const to = sessionStore.endedBySignOut() ? '/' : `/login?redirect=${encodeURIComponent(location.pathname)}`;
    return <Navigate to={to} replace />;
  }
  if (!isStaff(user)) return <Navigate to="/" replace />;

  const sections = navForRole(user.role);
  const adminOnly = matches.some((match) => (match.handle as DashboardHandle | undefined)?.adminOnly);
  const allowed = !adminOnly || user.role === 'admin';

  return (
    <div className="flex min-h-dvh bg-muted/40">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common:actions.skipToContent')}
      </a>
      <aside
        data-state={open ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col overflow-y-auto border-r bg-background md:flex',
          open ? 'w-64 gap-6 p-4' : 'w-12 items-center gap-4 px-2 py-3',
        )}
      >
        {open ? (
          <NavLink to="/dashboard" className="rounded-md px-2 text-foreground">
            <Logo className="h-7" title={t('brand.dashboardHome')} />
          </NavLink>
        ) : null}
        <TooltipProvider>
          <SidebarNav sections={sections} collapsed={!open} />
        </TooltipProvider>
      </aside>
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent side="left">
          <SheetTitle>{t('nav.menu')}</SheetTitle>
          <SheetDescription className="sr-only">{t('nav.menuDescription')}</SheetDescription>
          <SidebarNav sections={sections} onNavigate={() => setMobileOpen(false)} />
        </SheetContent>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
          <span className="inline-flex md:hidden">
            <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} onClick={() => setMobileOpen(true)}>
              <MenuIcon aria-hidden />
            </Button>
          </span>
          <span className="hidden md:inline-flex">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('nav.toggleSidebar')}
              aria-expanded={open}
              aria-keyshortcuts="Control+B Meta+B"
              onClick={toggle}
            >
              <PanelLeftIcon aria-hidden />
            </Button>
          </span>
          <span className="truncate text-sm font-medium text-muted-foreground">
            {t(user.role === 'admin' ? 'header.admin' : 'header.dealer')}
          </span>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitch compact />
            <UserMenu user={user} inDashboard />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <DashboardBreadcrumb />
          {allowed ? <Outlet /> : <NoAccess />}
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
