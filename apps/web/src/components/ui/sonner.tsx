import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { dismissToastsRaisedBefore, onToastRaised } from '@/lib/notify';

/** What the toaster reads of the app's router: the page shown, and the one a navigation is going to. */
type Navigations = {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string }; navigation: { location?: { pathname: string } } }) => void): () => void;
};

/** A toast raised this shortly before a navigation starts announces it ("Saved", "Session expired") and goes along. */
const ANNOUNCES_NAVIGATION_MS = 1000;

/**
 * Toasts stay on the page they were raised on: once another page is shown, the older ones go. A new
 * search or filter on the same page keeps them.
 */
function dismissOnLeavingPage(router: Navigations) {
  let page = router.state.location.pathname;
  let startedAt: number | undefined;
  return router.subscribe((state) => {
    const to = state.navigation.location?.pathname;
    if (to !== undefined && to !== page) startedAt ??= performance.now();
    if (state.location.pathname !== page) {
      page = state.location.pathname;
      dismissToastsRaisedBefore((startedAt ?? performance.now()) - ANNOUNCES_NAVIGATION_MS);
    }
    if (!state.navigation.location) startedAt = undefined;
  });
}

/**
 * How much of the window's bottom edge a bar pinned there covers (the layout generator's totals on a
 * phone, the course builder's save bar), where toasts would sit: they go above it. Full-screen layers
 * (a dialog's overlay) are not bars.
 */
function pinnedBarHeight() {
  const height = window.innerHeight;
  let top = height;
  for (const x of [8, window.innerWidth / 2, window.innerWidth - 8]) {
    const under = document.elementsFromPoint(x, height - 1).find((el) => !el.closest('[data-sonner-toaster]'));
    for (let el = under ?? null; el && el !== document.body; el = el.parentElement) {
      const { position } = getComputedStyle(el);
      if (position !== 'fixed' && position !== 'sticky') continue;
      const rect = el.getBoundingClientRect();
      if (rect.bottom >= height - 1 && rect.height < height / 3) top = Math.min(top, rect.top);
      break;
    }
  }
  return Math.round(height - top);
}

function usePinnedBarHeight() {
  const [bar, setBar] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setBar(pinnedBarHeight()));
    };
    measure();
    const stop = onToastRaised(measure);
    window.addEventListener('scroll', measure, { passive: true, capture: true });
    window.addEventListener('resize', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      stop();
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bar;
}

/** Toasts at the bottom, where they cover neither the header's search, cart and menu nor a page's first lines: right on wide screens, full width on phones. */
export default function Toaster({ router }: { router?: Navigations }) {
  const { t } = useTranslation();
  const bar = usePinnedBarHeight();
  useEffect(() => (router ? dismissOnLeavingPage(router) : undefined), [router]);
  return (
    <Sonner
      position="bottom-right"
      offset={{ bottom: bar ? bar + 8 : 24, right: 24 }}
      mobileOffset={{ bottom: bar ? bar + 8 : 16, left: 16, right: 16 }}
      closeButton
      theme="system"
      containerAriaLabel={t('toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
