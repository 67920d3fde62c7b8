import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDealerInput } from '@meltway/shared/accounts/people.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

const createDealer = (input: AddDealerInput) => api.post<UserOut>('/api/v1/users/dealers', input);

export function useCreateDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDealer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.dealers() }),
  });
}
