import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { useNearViewport } from '@/lib/use-near-viewport';
import { withQueryClient } from '@/lib/lazy-query-client';

const NewsletterForm = lazy(withQueryClient(() => import('./newsletter-form')));

const COLUMNS = [
  {
    key: 'footer.shop',
    links: [
      { to: '/categories', key: 'footer.links.categories' },
      { to: '/products', key: 'footer.links.products' },
      { to: '/cart', key: 'footer.links.cart' },
    ],
  },
  {
    key: 'footer.learn',
    links: [
      { to: '/lms', key: 'footer.links.academy' },
      { to: '/certification', key: 'footer.links.certifications' },
      { to: '/layout-generator', key: 'footer.links.layoutGenerator' },
    ],
  },
  {
    key: 'footer.partners',
    links: [
      { to: '/register?role=dealer', key: 'footer.links.becomeDealer' },
      { to: '/register?role=contractor', key: 'footer.links.becomeContractor' },
      { to: '/login', key: 'footer.links.signIn' },
    ],
  },
  {
    key: 'footer.company',
    links: [
      { to: '/about', key: 'footer.links.about' },
      { to: '/helpcenter', key: 'footer.links.helpCenter' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const [newsletterRef, showNewsletter] = useNearViewport<HTMLDivElement>();
  return (
    <footer className="mt-16 bg-navy text-navy-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_2fr]">
        <div ref={newsletterRef} className="grid content-start gap-4">
          <Logo className="h-8 text-white [--logo-tile:#1e3a5f]" title="Meltway" />
          <p className="max-w-sm text-sm text-navy-foreground/80">{t('footer.tagline')}</p>
          <div className="rounded-xl border border-white/15 bg-white/5 p-4">
            <h2 className="font-semibold text-white">{t('footer.newsletter.title')}</h2>
            <p className="mt-1 text-sm text-navy-foreground/80">{t('footer.newsletter.body')}</p>
            <div className="mt-3 min-h-10">
              {showNewsletter ? (
                <Suspense fallback={null}>
                  <NewsletterForm />
                </Suspense>
              ) : null}
            </div>
          </div>
        </div>
        <nav aria-label={t('footer.label')} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <div key={column.key}>
              <h2 className="text-sm font-semibold text-white">{t(column.key)}</h2>
              <ul className="mt-3 grid gap-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.key}>
                    <Link to={link.to} className="text-navy-foreground/85 underline-offset-4 hover:text-white hover:underline">
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-navy-foreground/80 sm:px-6">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
