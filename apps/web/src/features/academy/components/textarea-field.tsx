import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type Props = Omit<ComponentProps<'textarea'>, 'id'> & { id: string; label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string };

/** A labelled multi-line input whose message is tied to it for screen readers. */
export function TextareaField({ id, label, error, hint, fieldClassName, className, ...props }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <textarea {...fieldAria(id, error, !!hint)} rows={4} className={cn(inputClasses, 'h-auto min-h-24 resize-y', className)} {...props} />
    </Field>
  );
}
