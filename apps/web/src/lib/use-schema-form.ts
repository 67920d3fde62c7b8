import i18n from 'i18next';
import { useForm, type DefaultValues, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorText, showServerIssues, type ServerIssueOptions } from './error-text';
import { notify } from './notify';

/**
 * A form checked by its shared schema: a field is checked when it is left, and again on each change
 * once it shows an error. The values handed to submit are the schema's parsed output.
 */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(schema: z.ZodType<O, I>, defaultValues: DefaultValues<I>) {
  return useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues, mode: 'onBlur', reValidateMode: 'onChange' });
}

type SaveSteps<T, F extends FieldValues> = {
  /** The toast once saved. */
  success: (saved: T) => string;
  /** Closes the form once saved. */
  done: () => void;
  /** Where the server's issues go: the form's `setError` and the fields they may name (see `showServerIssues`). */
  issues?: ServerIssueOptions<F> & { setError: UseFormSetError<F> };
  /** Puts what went wrong at its fields some other way; false when none concerns a field. */
  showAtFields?: (error: unknown) => boolean;
  /**
   * The toast for a failure that concerns no field: a text is the fallback of the error's own message
   * (found by its code, in the reader's language); a function decides the whole toast.
   */
  fallback: string | ((error: unknown) => string);
};

/** Saves; then toasts and closes, or shows what went wrong at its fields, else as a toast. True once saved. */
export async function saveAndClose<T, F extends FieldValues = FieldValues>(save: () => Promise<T>, steps: SaveSteps<T, F>): Promise<boolean> {
  try {
    const saved = await save();
    notify.success(steps.success(saved));
    steps.done();
    return true;
  } catch (error) {
    const shown = steps.issues ? showServerIssues(i18n.t, error, steps.issues.setError, steps.issues) : (steps.showAtFields?.(error) ?? false);
    if (!shown) notify.error(typeof steps.fallback === 'string' ? errorText(i18n.t, error, steps.fallback) : steps.fallback(error));
    return false;
  }
}
