import { useState } from 'react';

/**
 * A control whose code loads on first use, keeping the page's first load light: until it is used, its light
 * trigger shows with `trigger`'s handlers; focus, and hover (or, on a phone's tap target, the press), start the
 * load early; the click makes `active` true, and the caller then renders the loaded control (in a Suspense).
 */
export function useFirstUse(load: () => Promise<unknown>, earlyOn: 'hover' | 'press' = 'hover') {
  const [active, setActive] = useState(false);
  const preload = () => void load();
  const early = earlyOn === 'hover' ? { onPointerEnter: preload } : { onPointerDown: preload };
  return { active, trigger: { onClick: () => setActive(true), onFocus: preload, ...early } };
}
