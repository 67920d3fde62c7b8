import { lazy, Suspense, useState } from 'react';
import type { AreaPreset } from './design-draft';
import { AddAreaButton } from './add-area-button';

const loadMenu = () => import('./add-area-menu');
const AddAreaMenu = lazy(loadMenu);

/**
 * "Add an area" and its menu of kinds. The menu's code (the menu library's focus, layering and positioning) loads
 * on first use, hover or focus starting it early, so the generator's first screen does not parse it on arrival.
 */
export function AddArea({ onAdd, disabled }: { onAdd: (preset: AreaPreset) => void; disabled?: boolean }) {
  const [active, setActive] = useState(false);
  const preload = () => void loadMenu();
  if (!active) return <AddAreaButton disabled={disabled} onClick={() => setActive(true)} onPointerEnter={preload} onFocus={preload} />;
  return (
    <Suspense fallback={<AddAreaButton disabled={disabled} aria-busy />}>
      <AddAreaMenu onAdd={onAdd} disabled={disabled} />
    </Suspense>
  );
}
