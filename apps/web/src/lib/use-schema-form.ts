import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { notify } from './notify';

/**
 * A form checked by its shared schema: a field is checked when it is left, and again on each change
 * once it shows an error. The values handed to submit are the schema's parsed output.
 */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(schema: z.ZodType<O, I>, defaultValues: DefaultValues<I>) {
  return useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues, mode: 'onBlur', reValidateMode: 'onChange' });
}

type SaveSteps<T> = {
  /** The toast once saved. */
  success: (saved: T) => string;
  /** Closes the form once saved. */
  done: () => void;
  /** Puts the server's issues at their fields; false when none concerns a field. */
  showAtFields: (error: unknown) => boolean;
  /** The toast for a failure that concerns no field. */
  fallback: (error: unknown) => string;
};

/** Saves; then toasts and closes, or shows what went wrong at its fields, else as a toast. True once saved. */
export async function saveAndClose<T>(save: () => Promise<T>, steps: SaveSteps<T>): Promise<boolean> {
  try {
    const saved = await save();
    notify.success(steps.success(saved));
    steps.done();
    return true;
  } catch (error) {
    if (!steps.showAtFields(error)) notify.error(steps.fallback(error));
    return false;
  }
}
