import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BookOpenIcon,
  ClockIcon,
  DollarSignIcon,
  GraduationCapIcon,
  HandCoinsIcon,
  ShoppingCartIcon,
  StoreIcon,
  UsersIcon,
} from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardStats } from '@/features/dashboard/api/stats';
import { PageError, PageShell } from '@/components/dashboard/page-shell';
import { formatPrice } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';

const SignupsChart = lazy(() =>
  import('@/features/dashboard/components/signups-chart').then((m) => ({ default: m.SignupsChart })),
);

type Figure = { key: string; value: string; icon: ComponentType<{ className?: string }> };

export default function DashboardHomePage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const user = useCurrentUser();
  const stats = useDashboardStats();
  const language = i18n.resolvedLanguage;
  const number = (n: number) => new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA').format(n);

  if (!user) return null;
  const data = stats.data;
  const figures: Figure[] = data
    ? [
        { key: 'pendingApprovals', value: number(data.pendingApprovals), icon: ClockIcon },
        ...(data.dealers === null ? [] : [{ key: 'dealers', value: number(data.dealers), icon: StoreIcon }]),
        { key: 'contractors', value: number(data.contractors), icon: UsersIcon },
        { key: 'learners', value: number(data.learners), icon: GraduationCapIcon },
        { key: 'courses', value: number(data.courses), icon: BookOpenIcon },
        { key: 'ordersThisMonth', value: number(data.ordersThisMonth), icon: ShoppingCartIcon },
        { key: 'revenueThisMonth', value: formatPrice(data.revenueThisMonth, language), icon: DollarSignIcon },
        ...(data.commissionThisMonth === null
          ? []
          : [{ key: 'commissionThisMonth', value: formatPrice(data.commissionThisMonth, language), icon: HandCoinsIcon }]),
      ]
    : [];
  const noSignups = data ? data.signups.every((s) => s.count === 0) : false;

  return (
    <PageShell title={t('pages.dashboard')} description={t('home.welcome', { name: user.fullname })}>
      {stats.isPending ? (
        <Spinner label={t('table.loading')} className="size-6" />
      ) : stats.isError ? (
        <PageError message={t('home.error')} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {figures.map(({ key, value, icon: Icon }) => (
              <li key={key}>
                <Card className="h-full">
                  <CardContent className="flex items-start justify-between gap-3 p-4 sm:p-5">
                    <div className="grid gap-1">
                      <p className="text-sm font-medium text-muted-foreground">{t(`home.figures.${key}`)}</p>
                      <p className="text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
                    </div>
                    <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
                      <Icon className="size-5" aria-hidden />
                    </span>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('home.signupsTitle')}</CardTitle>
              <CardDescription>
                {t(user.role === 'dealer' ? 'home.signupsDealer' : 'home.signupsAdmin')}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {noSignups ? (
                <p className="py-10 text-center text-sm text-muted-foreground">{t('home.noSignups')}</p>
              ) : (
                <Suspense fallback={<div className="h-64" />}>
                  <SignupsChart signups={data!.signups} />
                </Suspense>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </PageShell>
  );
}
