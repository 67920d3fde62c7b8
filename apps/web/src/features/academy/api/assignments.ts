import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentInput, AssignmentListItem, AssignmentOut } from '@meltway/shared/academy/assignment.schema';
import { api } from '@/lib/api-client';
import { academyKeys } from './academy-keys';

const fetchAssignments = () => api.get<AssignmentListItem[]>('/api/v1/assignments');
const fetchAssignment = (id: string) => api.get<AssignmentOut>(`/api/v1/assignments/${encodeURIComponent(id)}`);

export function useAssignments() {
  return useQuery({ queryKey: academyKeys.assignments(), queryFn: fetchAssignments });
}

export function useAssignment(id: string | undefined) {
  return useQuery({ queryKey: academyKeys.assignment(id ?? ''), queryFn: () => fetchAssignment(id!), enabled: !!id });
}

/** Creates an assignment (`id` absent) or replaces one's title and questions. */
export function useSaveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AssignmentInput }) =>
      id
        ? api.put<AssignmentOut>(`/api/v1/assignments/${encodeURIComponent(id)}`, input)
        : api.post<AssignmentOut>('/api/v1/assignments', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.assignments() }),
  });
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/assignments/permanent/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.assignments() }),
  });
}
