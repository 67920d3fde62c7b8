import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@meltway/shared/accounts/auth.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';

async function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageOut> {
  return api.post<MessageOut>('/api/v1/users/forgot-password', input, { skipAuthRefresh: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
