import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteAdminInput } from '@meltway/shared/accounts/people.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

async function fetchAdmins(): Promise<UserOut[]> {
  return (await api.get<{ items: UserOut[] }>('/api/v1/users/admins')).items;
}

export function useAdmins() {
  return useQuery({ queryKey: accountKeys.admins(), queryFn: fetchAdmins });
}

const inviteAdmin = (input: InviteAdminInput) => api.post<UserOut>('/api/v1/users/admins', input);

/** Creates an admin who receives a mail to set a password. */
export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.admins() }),
  });
}
