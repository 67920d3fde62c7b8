import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, BadgeCheckIcon, FlameIcon, GraduationCapIcon, HeadsetIcon, MapPinnedIcon, type LucideIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { useAboutFigures } from '@/features/content/api/about';
import { localeTag } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { usePageMeta } from '@/lib/use-page-meta';

const FIGURES = ['courses', 'learners', 'certificates', 'dealers'] as const;
const DIFFERENTIATORS: { key: string; icon: LucideIcon }[] = [
  { key: 'engineering', icon: FlameIcon },
  { key: 'training', icon: GraduationCapIcon },
  { key: 'compliance', icon: BadgeCheckIcon },
  { key: 'network', icon: MapPinnedIcon },
  { key: 'support', icon: HeadsetIcon },
];
const TEAM = [
  { key: 'ceo', initials: 'ML' },
  { key: 'cto', initials: 'DO' },
  { key: 'academy', initials: 'SB' },
  { key: 'partners', initials: 'JT' },
] as const;

/** "Home / About": one crumb per path segment, the last one is the current page. */
function Breadcrumb() {
  const { t } = useTranslation('content');
  const segments = useLocation().pathname.split('/').filter(Boolean);
  return (
    <nav aria-label={t('about.breadcrumb')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            {t('about.home')}
          </Link>
        </li>
        {segments.map((segment, i) => {
          const to = `/${segments.slice(0, i + 1).join('/')}`;
          const label = t(`about.crumbs.${segment}`, { defaultValue: decodeURIComponent(segment) });
          const last = i === segments.length - 1;
          return (
            <li key={to} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              {last ? (
                <span aria-current="page" className="text-foreground">
                  {label}
                </span>
              ) : (
                <Link to={to} className="hover:text-foreground hover:underline">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** What the academy and the dealer network hold today, counted by the server: skeletons while they load, a retry when they fail. */
function Figures() {
  const { t, i18n } = useTranslation('content');
  const figures = useAboutFigures();
  const data = figures.data;
  const format = new Intl.NumberFormat(localeTag(i18n.language));
  return (
    <section aria-labelledby="about-figures">
      <h3 id="about-figures" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('about.figures.title')}
      </h3>
      {figures.isError ? (
        <Alert variant="error" role="alert" className="mt-3 flex-wrap items-center justify-between">
          <span>{t('about.figures.failed')}</span>
          <Button variant="outline" size="sm" onClick={() => void figures.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-4" aria-busy={!data}>
            {FIGURES.map((figure) => (
              <div key={figure} className="rounded-xl border bg-card p-5 shadow-sm">
                {/* The label agrees with its number; the plural one while the number loads. */}
                <dt className="text-sm text-muted-foreground">{t(`about.figures.${figure}`, { count: data?.[figure] ?? 2 })}</dt>
                <dd className="mt-1 text-3xl font-bold text-primary tabular-nums">
                  {data ? format.format(data[figure]) : <span className="block h-9 w-16 animate-pulse rounded-md bg-primary/10" aria-hidden />}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">{t('about.figures.note')}</p>
          <p className="sr-only" role="status">
            {data ? null : t('about.figures.loading')}
          </p>
        </>
      )}
    </section>
  );
}

export default function AboutPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('about.title'), t('about.metaDescription'));
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          <Breadcrumb />
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('about.title')}</h1>
          <p className="mt-5 max-w-3xl text-lg text-muted-foreground">{t('about.intro')}</p>
        </div>
      </section>

      <section aria-labelledby="about-mission" className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="about-mission" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('about.mission.title')}
          </h2>
          <p className="mt-4 text-muted-foreground">{t('about.mission.body')}</p>
        </div>
        <Figures />
      </section>

      <section aria-labelledby="about-why" className="bg-secondary/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="about-why" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('about.why.title')}
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
            {DIFFERENTIATORS.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-xl border bg-card p-5 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-lg bg-ember-soft text-ember">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold">{t(`about.why.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(`about.why.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-story" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 id="about-story" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('about.story.title')}
        </h2>
        <div className="mt-4 grid gap-4 text-muted-foreground">
          <p>{t('about.story.p1')}</p>
          <p>{t('about.story.p2')}</p>
          <p>{t('about.story.p3')}</p>
        </div>
      </section>

      <section aria-labelledby="about-team" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <h2 id="about-team" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('about.team.title')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member) => (
            <li key={member.key} className="flex flex-col items-center rounded-xl border bg-card p-6 text-center shadow-sm">
              <span className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary to-navy text-2xl font-bold text-white" aria-hidden>
                {member.initials}
              </span>
              <h3 className="mt-4 font-semibold">{t(`about.team.${member.key}.name`)}</h3>
              <p className="text-sm font-medium text-primary">{t(`about.team.${member.key}.role`)}</p>
              <p className="mt-2 text-sm text-muted-foreground">{t(`about.team.${member.key}.bio`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-2xl bg-navy p-8 text-navy-foreground sm:p-10 lg:flex-row lg:items-center">
          <AwardIcon className="size-12 shrink-0 text-orange-300" aria-hidden />
          <div className="flex-1">
            <h2 id="about-cta" className="text-2xl font-bold text-white">
              {t('about.cta.title')}
            </h2>
            <p className="mt-2 text-navy-foreground/85">{t('about.cta.body')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/categories" className={buttonVariants({ variant: 'ember', size: 'lg' })}>
              {t('about.cta.shop')}
            </Link>
            <Link to="/lms" className={cn(buttonVariants({ variant: 'secondary', size: 'lg' }))}>
              {t('about.cta.learn')}
            </Link>
            <Link to="/register?role=dealer" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white')}>
              {t('about.cta.partner')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
