import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date from the address, if it is one. */
export const isoDateOrUndefined = (value: string | undefined) => (value && ISO_DATE.test(value) ? value : undefined);

/** From and to dates of a list, each a labelled date box; an empty box removes its bound. */
export function DateRangeFilter(props: {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('orders');
  const id = useId();
  const { from, to, onChange } = props;
  return (
    <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <label htmlFor={`${id}-from`} className="text-sm text-muted-foreground">
        {t('filters.from')}
      </label>
      <Input
        id={`${id}-from`}
        type="date"
        value={from ?? ''}
        max={to}
        onChange={(event) => onChange({ from: event.target.value || undefined, to })}
        className="h-9 w-auto min-w-0 flex-1 sm:w-40 sm:flex-none"
      />
      <label htmlFor={`${id}-to`} className="text-sm text-muted-foreground">
        {t('filters.to')}
      </label>
      <Input
        id={`${id}-to`}
        type="date"
        value={to ?? ''}
        min={from}
        onChange={(event) => onChange({ from, to: event.target.value || undefined })}
        className="h-9 w-auto min-w-0 flex-1 sm:w-40 sm:flex-none"
      />
    </div>
  );
}

/** A search box of its own (beside the table's), written to the address once the typing settles. */
export function SearchFilter({ value, onChange, label }: { value: string | undefined; onChange: (value: string | undefined) => void; label: string }) {
  const [text, setText] = useState(value ?? '');
  // The address can change under the box (back button, a shared link): follow it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((text.trim() || undefined) !== value) setText(value ?? '');
  }
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => onChange(next), 300);
    return () => clearTimeout(timer);
    // Only a change of the text starts the wait; the address catching up must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <Input
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      aria-label={label}
      maxLength={120}
      className="h-9 w-full sm:w-56"
    />
  );
}
