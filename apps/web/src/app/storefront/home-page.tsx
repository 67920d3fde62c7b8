import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GraduationCapIcon, HandshakeIcon, LayoutGridIcon, ShoppingBagIcon, type LucideIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useNearViewport } from '@/lib/use-near-viewport';
import { usePageMeta } from '@/lib/use-page-meta';
import { withQueryClient } from '@/lib/lazy-query-client';

const HomeFeatured = lazy(withQueryClient(() => import('./home-featured')));

type Path = { icon: LucideIcon; titleKey: string; bodyKey: string; to: string; ctaKey: string; ember?: boolean };

const PATHS: Path[] = [
  { icon: ShoppingBagIcon, titleKey: 'home.paths.shop.title', bodyKey: 'home.paths.shop.body', to: '/categories', ctaKey: 'home.paths.shop.cta' },
  { icon: GraduationCapIcon, titleKey: 'home.paths.learn.title', bodyKey: 'home.paths.learn.body', to: '/lms', ctaKey: 'home.paths.learn.cta' },
  { icon: LayoutGridIcon, titleKey: 'home.paths.design.title', bodyKey: 'home.paths.design.body', to: '/layout-generator', ctaKey: 'home.paths.design.cta', ember: true },
  { icon: HandshakeIcon, titleKey: 'home.paths.partner.title', bodyKey: 'home.paths.partner.body', to: '/register?role=dealer', ctaKey: 'home.paths.partner.cta' },
];

export default function HomePage() {
  const { t } = useTranslation('storefront');
  usePageMeta(t('home.documentTitle'), t('home.tagline'));
  const [featuredRef, showFeatured] = useNearViewport<HTMLDivElement>();
  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('home.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('home.title')}</h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground">{t('home.tagline')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/categories" className={buttonVariants({ variant: 'ember', size: 'lg' })}>
                {t('home.shopCta')}
              </Link>
              <Link to="/layout-generator" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {t('home.designCta')}
              </Link>
            </div>
          </div>
          {/* A drawing of a heated driveway: snow on the lawn, a clear path where the cable runs. A file, not code: the page's script stays small. */}
          <img src="/illustrations/heated-driveway.svg" alt="" width={480} height={360} className="mx-auto h-auto w-full max-w-lg drop-shadow-sm" />
        </div>
      </section>
      <section aria-labelledby="home-paths" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="home-paths" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.pathsTitle')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PATHS.map(({ icon: Icon, ...path }) => (
            <li key={path.to} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(path.titleKey)}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(path.bodyKey)}</p>
              {path.ember ? (
                <Link to={path.to} className={cn(buttonVariants({ variant: 'ember' }), 'mt-4 self-start')}>
                  {t(path.ctaKey)}
                </Link>
              ) : (
                <Link to={path.to} className="mt-4 font-medium text-primary underline-offset-4 hover:underline">
                  {t(path.ctaKey)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
      <div ref={featuredRef} className="min-h-96">
        {showFeatured ? (
          <Suspense fallback={null}>
            <HomeFeatured />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
