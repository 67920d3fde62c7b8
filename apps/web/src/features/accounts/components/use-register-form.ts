import { useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { ApiError } from '@/lib/api-client';
import { errorText, showServerIssues } from '@/lib/error-text';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';

/**
 * A sign-up form on its shared schema, checked as fields are left and again as they change, with the
 * password confirmation re-checked as the password changes. `submit` posts it, puts the server's field
 * issues under their fields (focusing the first), keeps one summary message for beside the submit
 * button, and empties the form once the account exists.
 */
export function useRegisterForm<I extends FieldValues & { password: unknown; confirmPassword: unknown }, O extends FieldValues>(
  schema: z.ZodType<O, I>,
  defaults: () => I,
) {
  const { t } = useTranslation(['accounts', 'common']);
  const form = useSchemaForm<I, O>(schema, defaults() as DefaultValues<I>, {
    linked: { password: 'confirmPassword' } as Partial<Record<FieldPath<I>, FieldPath<I>>>,
  });
  const registerUser = useRegister();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: O & { confirmPassword?: unknown }): Promise<UserOut | null> => {
    setFailure(null);
    const { confirmPassword: _confirm, ...body } = values;
    try {
      const user = await registerUser.mutateAsync(body as unknown as RegisterInput);
      form.reset(defaults());
      return user;
    } catch (error) {
      showServerIssues(t, error, form.setError);
      const fallback = error instanceof ApiError && error.status !== 0 ? t('register.failed') : t('register.somethingWrong');
      setFailure(errorText(t, error, fallback));
      return null;
    }
  };

  return { form, submit, failure, pending: registerUser.isPending };
}
