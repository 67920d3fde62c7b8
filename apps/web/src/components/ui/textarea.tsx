import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldAria } from '@/components/ui/field';
import { cn } from '@/lib/utils';

function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      data-slot="textarea"
      className={cn(
        'w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

type FieldProps = Omit<ComponentProps<'textarea'>, 'id'> & { id: string; label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string };

/** A labelled multi-line input whose message is tied to it for screen readers. */
export function TextareaField({ id, label, error, hint, fieldClassName, ...props }: FieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <Textarea {...fieldAria(id, error, !!hint)} {...props} />
    </Field>
  );
}
