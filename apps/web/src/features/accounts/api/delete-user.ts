import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';
import { dashboardKeys } from '@/lib/dashboard-keys';

const deleteUser = (id: string) => api.delete<{ message: string }>(`/api/v1/users/permanent/${encodeURIComponent(id)}`);

/** Deletes an account for good (admins only; the server refuses yourself, the last admin, a dealer with contractors). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.dealers() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.admins() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
