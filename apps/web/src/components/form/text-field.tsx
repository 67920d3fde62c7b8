import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type Props = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A labelled input whose message is tied to it for screen readers. */
export function TextField({ id, label, error, hint, fieldClassName, ...inputProps }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <Input {...fieldAria(id, error, !!hint)} {...inputProps} />
    </Field>
  );
}
