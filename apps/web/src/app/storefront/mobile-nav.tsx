import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { withQueryClient } from '@/lib/lazy-query-client';

const loadSheet = withQueryClient(() => import('./mobile-nav-sheet'));
const MobileNavSheet = lazy(loadSheet);

export function MenuButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex md:hidden">
      <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} aria-haspopup="dialog" {...props}>
        <MenuIcon aria-hidden />
      </Button>
    </span>
  );
}

/** Phones only: the sheet's code loads with the first tap. */
export function MobileNav({ onSignIn }: { onSignIn: () => void }) {
  const [active, setActive] = useState(false);
  const preload = () => void loadSheet();
  if (!active) return <MenuButton onClick={() => setActive(true)} onPointerDown={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<MenuButton aria-busy />}>
      <MobileNavSheet onSignIn={onSignIn} />
    </Suspense>
  );
}
