import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { setLanguage } from '@/lib/i18n';

/** Offers the other language, named in that language, as people look for their own. */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { i18n } = useTranslation();
  const next = i18n.resolvedLanguage === 'fr' ? 'en' : 'fr';
  const label = next === 'fr' ? 'Français' : 'English';
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      lang={next === 'fr' ? 'fr-CA' : 'en-CA'}
      onClick={() => void setLanguage(next)}
    >
      <LanguagesIcon aria-hidden />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
    </Button>
  );
}
