import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field issues on the form's fields (only those in `fields` when given, or any path
 * the form knows); true when at least one was placed, so the caller need not toast as well.
 */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields?: readonly string[]) {
  if (!(error instanceof ApiError)) return false;
  const issues = error.issues.filter((issue) => issue.path && (!fields || fields.includes(issue.path)));
  issues.forEach((issue, index) => setError(issue.path as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: index === 0 }));
  return issues.length > 0;
}
