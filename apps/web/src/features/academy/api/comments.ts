import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentOut, ReplyInput } from '@meltway/shared/academy/comment.schema';
import { api } from '@/lib/api-client';
import { academyKeys } from './academy-keys';

const fetchComments = () => api.get<CommentOut[]>('/api/v1/courses/comments/all');

export function useComments() {
  return useQuery({ queryKey: academyKeys.comments(), queryFn: fetchComments });
}

/** Saves the reply to a learner's comment; the row shows it at once. */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReplyInput }) =>
      api.post<CommentOut | undefined>(`/api/v1/courses/comments/${encodeURIComponent(id)}/reply`, input),
    onSuccess: (saved, { id, input }) => {
      queryClient.setQueryData<CommentOut[]>(academyKeys.comments(), (rows) =>
        rows?.map((c) => (c.id === id ? { ...c, ...(saved && typeof saved === 'object' ? saved : { reply: input.comment }) } : c)),
      );
      return queryClient.invalidateQueries({ queryKey: academyKeys.comments() });
    },
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/courses/comment/permanent/${encodeURIComponent(id)}`),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<CommentOut[]>(academyKeys.comments(), (rows) => rows?.filter((c) => c.id !== id));
      return queryClient.invalidateQueries({ queryKey: academyKeys.comments() });
    },
  });
}
