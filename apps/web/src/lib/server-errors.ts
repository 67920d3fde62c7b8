import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

type Options<F extends FieldValues> = {
  /** Form fields the server's issues may name. */
  fields: readonly Path<F>[];
  /** The field a 409 (a name or SKU already taken) belongs to. */
  conflictField?: (message: string) => Path<F> | undefined;
  /** File fields ('image', 'images', 'logo'): their problems, and any 413, go here. */
  fileFields?: readonly string[];
  onFileError?: (message: string) => void;
};

/**
 * Puts the server's answer next to the field it concerns; returns false when it concerns no field,
 * so the caller shows it as a toast instead.
 */
export function showServerError<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, options: Options<F>): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 413 && options.onFileError) {
    options.onFileError(error.message);
    return true;
  }
  let shown = false;
  for (const issue of error.issues) {
    if (options.fileFields?.includes(issue.path) && options.onFileError) {
      options.onFileError(issue.message);
      shown = true;
    } else if ((options.fields as readonly string[]).includes(issue.path)) {
      setError(issue.path as Path<F>, { type: 'server', message: issue.message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  if (!shown && error.status === 409) {
    const field = options.conflictField?.(error.message);
    if (field) {
      setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      shown = true;
    }
  }
  return shown;
}
