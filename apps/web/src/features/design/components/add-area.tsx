import { lazy, Suspense } from 'react';
import { useFirstUse } from '@/lib/use-first-use';
import type { AreaPreset } from './design-draft';
import { AddAreaButton } from './add-area-button';

const loadMenu = () => import('./add-area-menu');
const AddAreaMenu = lazy(loadMenu);

/**
 * "Add an area" and its menu of kinds. The menu's code (the menu library's focus, layering and positioning) loads
 * on first use, hover or focus starting it early, so the generator's first screen does not parse it on arrival.
 */
export function AddArea({ onAdd, disabled }: { onAdd: (preset: AreaPreset) => void; disabled?: boolean }) {
  const firstUse = useFirstUse(loadMenu);
  if (!firstUse.active) return <AddAreaButton disabled={disabled} {...firstUse.trigger} />;
  return (
    <Suspense fallback={<AddAreaButton disabled={disabled} aria-busy />}>
      <AddAreaMenu onAdd={onAdd} disabled={disabled} />
    </Suspense>
  );
}
