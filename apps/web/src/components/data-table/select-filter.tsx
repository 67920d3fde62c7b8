import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const ALL = 'all';

type Props<V extends string> = {
  /** The chosen value, or undefined for every row. */
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  /** Names the select for assistive technology (it has no visible label). */
  label: string;
  /** The first choice, which removes the filter ("All statuses"). */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  /** A wider trigger, where the longest choice needs the room. */
  wide?: boolean;
};

/** A choice that narrows a table's rows, for its toolbar. */
export function SelectFilter<V extends string>({ value, onChange, label, allLabel, options, wide }: Props<V>) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : (next as V))}>
      <SelectTrigger className={cn('h-9 w-full', wide ? 'sm:w-52' : 'sm:w-48')} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
