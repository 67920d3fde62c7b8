import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginOut } from '@meltway/shared/accounts/auth.schema';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

async function login(input: LoginInput): Promise<LoginOut> {
  return api.post<LoginOut>('/api/v1/users/login', input, { skipAuthRefresh: true });
}

function startSession(out: LoginOut) {
  const { access_token, refresh_token, ...user } = out;
  sessionStore.set({ user, access_token, refresh_token });
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (out) => {
      // Whatever another account had cached must not show for this one.
      queryClient.clear();
      startSession(out);
    },
  });
}
