import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
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
import { useHolderCounts } from '@/features/academy/api/holders';
import { useDashboardStats } from '@/features/dashboard/api/stats';
import { PageError, PageShell } from '@/components/dashboard/page-shell';
import { formatPrice } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';

const SignupsChart = lazy(() =>
  import('@/features/dashboard/components/signups-chart').then((m) => ({ default: m.SignupsChart })),
);

type Figure = { key: string; value: string; icon: ComponentType<{ className?: string }> };

/** What a dealer most needs to know of its installers: how many hold, are about to lose, lost or never had each certification. */
const COMPLIANCE_FIGURES = ['valid', 'expiring', 'expired', 'never'] as const;

function ComplianceCard({ dealer, number }: { dealer: boolean; number: (n: number) => string }) {
  const { t } = useTranslation('compliance');
  const counts = useHolderCounts();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{t('home.title')}</CardTitle>
          <CardDescription>{t(dealer ? 'home.descriptionDealer' : 'home.descriptionAdmin')}</CardDescription>
        </div>
        <Link to="/dashboard/certifications" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('home.open')}
        </Link>
      </CardHeader>
      <CardContent>
        {counts.isPending ? (
          <Spinner label={t('summary.loading')} className="size-5" />
        ) : counts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('home.error')}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {COMPLIANCE_FIGURES.map((status) => (
              <li key={status}>
                <Link
                  to={`/dashboard/certifications?status=${status}`}
                  className="grid gap-1 rounded-lg border p-3 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="text-sm font-medium text-muted-foreground">{t(`status.${status}`)}</span>
                  <span className="text-xl font-bold tabular-nums">{number(counts.data[status])}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

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
          <ComplianceCard dealer={user.role === 'dealer'} number={number} />
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
