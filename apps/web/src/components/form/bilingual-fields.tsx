import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextareaField } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { TextField } from './text-field';

const GAPS = { 3: 'gap-3', 4: 'gap-4', 5: 'gap-5' } as const;

/** One line each, or a text area each with `rows` lines. */
type Kind = { multiline?: false; rows?: never } | { multiline: true; rows?: number };

type Props = Kind & {
  /** The English field's id; the French field's is `${id}-fr`. */
  id: string;
  label: ReactNode;
  labelFr: ReactNode;
  error?: string;
  errorFr?: string;
  /** What each field spreads last: `register('name')` and `register('nameFr')`. */
  field: UseFormRegisterReturn;
  fieldFr: UseFormRegisterReturn;
  autoComplete?: string;
  /** Said under each field (how to write it), e.g. one entry per line. */
  hint?: ReactNode;
  /** The space between the two fields, the same as the form's around them. */
  gap?: keyof typeof GAPS;
  /** Added to the row, e.g. `sm:col-span-2` inside a grid that already has two columns. */
  className?: string;
};

/**
 * English and French side by side; the French is optional.
 * Two single-line fields, or two text areas, stacked on phones; the French one is marked `lang="fr"`.
 */
export function BilingualFields({ id, label, labelFr, error, errorFr, field, fieldFr, autoComplete, hint, gap = 4, className, multiline, rows }: Props) {
  const idFr = `${id}-fr`;
  return (
    <div className={cn('grid sm:grid-cols-2', GAPS[gap], className)}>
      {multiline ? (
        <>
          <TextareaField id={id} label={label} autoComplete={autoComplete} rows={rows} hint={hint} error={error} {...field} />
          <TextareaField id={idFr} label={labelFr} lang="fr" autoComplete={autoComplete} rows={rows} hint={hint} error={errorFr} {...fieldFr} />
        </>
      ) : (
        <>
          <TextField id={id} label={label} autoComplete={autoComplete} hint={hint} error={error} {...field} />
          <TextField id={idFr} label={labelFr} lang="fr" autoComplete={autoComplete} hint={hint} error={errorFr} {...fieldFr} />
        </>
      )}
    </div>
  );
}
