import type { ComponentProps, ReactNode } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type Option = { value: string; label: string };
type Props = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: ReactNode;
  options: Option[];
  /** The first, empty choice ("Select an author"); none when absent. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A labelled native select: the phone's own picker, and the keyboard works as everywhere else. */
export function SelectField({ id, label, options, placeholder, error, hint, fieldClassName, className, ...props }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <div className="relative">
        <select {...fieldAria(id, error, !!hint)} className={cn(inputClasses, 'appearance-none pr-9', className)} {...props}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      </div>
    </Field>
  );
}
