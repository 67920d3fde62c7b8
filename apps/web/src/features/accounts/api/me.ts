import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { accountKeys } from './account-keys';

async function fetchMe(): Promise<UserOut> {
  const user = await api.get<UserOut>('/api/v1/users/me');
  // Keeps the stored user (role, status, name) in step with the server.
  sessionStore.updateUser(user);
  return user;
}

const meQueryOptions = () => queryOptions({ queryKey: accountKeys.me(), queryFn: fetchMe, staleTime: 60_000 });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
