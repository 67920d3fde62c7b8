import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

async function logout(): Promise<void> {
  const refreshToken = sessionStore.get()?.refresh_token;
  // The local session goes first: signing out must work even when the server cannot be reached.
  sessionStore.clear('sign-out');
  if (!refreshToken) return;
  try {
    await api.post<MessageOut>('/api/v1/users/logout', { refresh_token: refreshToken }, { skipAuthRefresh: true });
  } catch {
    // The refresh token expires on its own; nothing more the user can do about it here.
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
