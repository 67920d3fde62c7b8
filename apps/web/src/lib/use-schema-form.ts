import i18n from 'i18next';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorText, showServerIssues, type ServerIssueOptions } from './error-text';
import { notify } from './notify';

export type SchemaFormOptions<I extends FieldValues, O extends FieldValues> = Omit<
  UseFormProps<I, unknown, O>,
  'defaultValues' | 'mode' | 'reValidateMode'
> & {
  /** A field re-checked as another one changes, once it shows an error (the confirmation as the password changes). */
  linked?: Partial<Record<FieldPath<I>, FieldPath<I>>>;
  /** A check before the schema's, for SPEC's own wording of an empty box; the schema decides once it finds nothing. */
  precheck?: (values: I) => FieldErrors<I> | undefined;
};

/** Before a first submit react-hook-form only checks on blur: this brings the live re-check to a field in error. */
function useLiveRecheck<I extends FieldValues, O extends FieldValues>(form: UseFormReturn<I, unknown, O>, linked: Partial<Record<FieldPath<I>, FieldPath<I>>>) {
  const { watch, trigger, getFieldState } = form;
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (!name || type !== 'change') return;
      const field = name as FieldPath<I>;
      if (getFieldState(field).error) void trigger(field);
      const dependent = linked[field];
      if (dependent && getFieldState(dependent).error) void trigger(dependent);
    });
    return () => subscription.unsubscribe();
    // `linked` is a constant per form; re-subscribing on each render would be wasted work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch, trigger, getFieldState]);
}

/**
 * A form checked by its shared schema: a field is checked when it is left, and again on each change
 * once it shows an error. The values handed to submit are the schema's parsed output. `schema` may be a
 * function giving the schema in force at each check (a wizard's current step); other `options` pass on
 * to react-hook-form.
 */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(
  schema: z.ZodType<O, I> | (() => z.ZodType<O, I>),
  defaultValues: DefaultValues<I>,
  { linked = {}, precheck, ...options }: SchemaFormOptions<I, O> = {},
) {
  const resolver: Resolver<I, unknown, O> = (values, context, opts) => {
    const errors = precheck?.(values);
    if (errors) return { values: {}, errors };
    return zodResolver(typeof schema === 'function' ? schema() : schema)(values, context, opts);
  };
  const form = useForm<I, unknown, O>({ resolver, ...options, defaultValues, mode: 'onBlur', reValidateMode: 'onChange' });
  useLiveRecheck(form, linked);
  return form;
}

type SaveSteps<T, F extends FieldValues> = {
  /** The toast once saved. */
  success: (saved: T) => string;
  /** Closes the form once saved. */
  done: () => void;
  /** Where the server's issues go: the form's `setError` and the fields they may name (see `showServerIssues`). */
  issues: ServerIssueOptions<F> & { setError: UseFormSetError<F> };
  /** The toast for a failure that concerns no field, when the error's own message (found by its code) is unknown. */
  fallback: string;
};

/** Saves; then toasts and closes, or shows what went wrong at its fields, else as a toast. True once saved. */
export async function saveAndClose<T, F extends FieldValues = FieldValues>(save: () => Promise<T>, steps: SaveSteps<T, F>): Promise<boolean> {
  try {
    const saved = await save();
    notify.success(steps.success(saved));
    steps.done();
    return true;
  } catch (error) {
    if (!showServerIssues(i18n.t, error, steps.issues.setError, steps.issues)) notify.error(errorText(i18n.t, error, steps.fallback));
    return false;
  }
}
