import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveInput } from '@meltway/shared/accounts/dealer.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';
import { dashboardKeys } from '@/lib/dashboard-keys';

const approveUser = (id: string, input: ApproveInput) =>
  api.post<UserOut>(`/api/v1/users/dealer/${encodeURIComponent(id)}/approve`, input);

/** Approves or rejects a pending dealer or contractor; the lists and home figures follow. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & ApproveInput) => approveUser(id, { status }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.dealers() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.contractors() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
