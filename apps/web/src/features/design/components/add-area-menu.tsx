import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { AddAreaButton } from './add-area-button';
import { AREA_PRESETS, type AreaPreset } from './design-draft';

/** The kinds of area to add, open as soon as it is loaded (it loads on the button's first use). */
export default function AddAreaMenu({ onAdd, disabled }: { onAdd: (preset: AreaPreset) => void; disabled?: boolean }) {
  const { t } = useTranslation('design');
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <AddAreaButton disabled={disabled} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {(Object.keys(AREA_PRESETS) as AreaPreset[]).map((preset) => (
          <DropdownMenuItem key={preset} onSelect={() => onAdd(preset)}>
            {t(`areas.presets.${preset}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
