import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@meltway/shared/accounts/auth.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';

async function resetPassword(input: ResetPasswordInput): Promise<MessageOut> {
  return api.post<MessageOut>('/api/v1/users/reset-password', input, { skipAuthRefresh: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
