import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { useDesignMessages } from './design-message';

type Messages = ReturnType<typeof useDesignMessages>;

/**
 * Puts an API error's issues on the form's `fields`, each in the reader's language (design codes included);
 * true when one landed, so the caller toasts only what no field shows.
 */
export function showProjectIssues<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, fields: readonly Path<F>[], messages: Messages): boolean {
  if (!(error instanceof ApiError)) return false;
  const issues = error.issues.filter((issue) => (fields as readonly string[]).includes(issue.path));
  issues.forEach((issue, index) =>
    setError(issue.path as Path<F>, { type: 'server', message: messages.message(issue.message, issue.code, issue.params) }, { shouldFocus: index === 0 }),
  );
  return issues.length > 0;
}
