import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Forms validate a field when it loses focus; once a field shows an error, each keystroke re-checks it,
 * so the message goes away as soon as the input is right. `linked` re-checks a dependent field too
 * (the confirmation when the password changes).
 */
export function useLiveRevalidation<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  linked: Partial<Record<FieldPath<T>, FieldPath<T>>> = {},
) {
  const { watch, trigger, getFieldState } = form;
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (!name || type !== 'change') return;
      const field = name as FieldPath<T>;
      if (getFieldState(field).error) void trigger(field);
      const dependent = linked[field];
      if (dependent && getFieldState(dependent).error) void trigger(dependent);
    });
    return () => subscription.unsubscribe();
    // `linked` is a constant per form; re-subscribing on each render would be wasted work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch, trigger, getFieldState]);
}
