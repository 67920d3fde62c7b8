import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';

async function registerUser(input: RegisterInput): Promise<UserOut> {
  return api.post<UserOut>('/api/v1/users', input, { skipAuthRefresh: true });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
