import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordInput, ResetTokenOut } from '@meltway/shared/accounts/auth.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

async function resetPassword(input: ResetPasswordInput): Promise<MessageOut> {
  return api.post<MessageOut>('/api/v1/users/reset-password', input, { skipAuthRefresh: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Whether the link still works (the server says why not: invalid, used or expired), without using it. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: accountKeys.resetLink(token),
    queryFn: () => api.get<ResetTokenOut>(`/api/v1/users/reset-password/${encodeURIComponent(token)}`, undefined, { skipAuthRefresh: true }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
