import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/server-message';
import { useRegister } from '../api/register';

/**
 * Posts a sign-up, puts the server's field issues under their fields (focusing the first) and keeps one
 * summary message, shown inline beside the submit button.
 */
export function useRegisterSubmit<T extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<T, C, O>) {
  const { t } = useTranslation(['accounts', 'common']);
  const registerUser = useRegister();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: O & { confirmPassword?: unknown }): Promise<UserOut | null> => {
    setFailure(null);
    const { confirmPassword: _confirm, ...body } = values;
    try {
      return await registerUser.mutateAsync(body as unknown as RegisterInput);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldIssues = error.issues.filter((issue) => issue.path);
        if (error.status === 409) fieldIssues.unshift({ path: 'email', message: error.message });
        fieldIssues.forEach((issue, index) =>
          form.setError(issue.path as FieldPath<T>, { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
        );
      }
      const fallback = error instanceof ApiError && error.status !== 0 ? t('register.failed') : t('register.somethingWrong');
      const text = errorMessage(t, error, fallback);
      setFailure(text);
      return null;
    }
  };

  return { submit, failure, pending: registerUser.isPending };
}
