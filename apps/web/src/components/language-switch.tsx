import { LanguagesIcon } from 'lucide-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { localizedPath } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * Offers the other language, named in that language, as people look for their own: a link to the same
 * page at its address in that language, which works before the page's script has run, and for crawlers.
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { i18n } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const next = i18n.resolvedLanguage === 'fr' ? 'en' : 'fr';
  const label = next === 'fr' ? 'Français' : 'English';
  return (
    <a
      href={localizedPath(pathname, next) + search + hash}
      hrefLang={next === 'fr' ? 'fr-CA' : 'en-CA'}
      lang={next === 'fr' ? 'fr-CA' : 'en-CA'}
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), className)}
    >
      <LanguagesIcon aria-hidden />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
    </a>
  );
}
