import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** Registers in the page's language: the "application received" mail is written in it. */
async function registerUser(input: RegisterInput): Promise<UserOut> {
  return api.post<UserOut>('/api/v1/users', { ...input, locale: currentLanguage() }, { skipAuthRefresh: true });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
