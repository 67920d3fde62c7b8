import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorInput, AuthorOut } from '@meltway/shared/academy/author.schema';
import { api } from '@/lib/api-client';
import { academyKeys } from './academy-keys';


export type Author = AuthorOut;
export type AuthorForm = AuthorInput & { image: File | null };

export const fetchAuthors = () => api.get<Author[]>('/api/v1/authors');

export function useAuthors() {
  return useQuery({ queryKey: academyKeys.authors(), queryFn: fetchAuthors });
}

function authorForm(input: AuthorForm) {
  const form = new FormData();
  form.set('name', input.name);
  form.set('description', String(input.description ?? ''));
  if (input.image) form.set('image', input.image);
  return form;
}

/** Creates an author (`id` absent) or edits one, as multipart with its picture. */
export function useSaveAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, onProgress }: { id?: string; input: AuthorForm; onProgress?: (f: number) => void }) =>
      id
        ? api.upload<Author>('PUT', `/api/v1/authors/${encodeURIComponent(id)}`, authorForm(input), { onProgress })
        : api.upload<Author>('POST', '/api/v1/authors', authorForm(input), { onProgress }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: academyKeys.authors() }), queryClient.invalidateQueries({ queryKey: academyKeys.courses() })]),
  });
}

export function useDeleteAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/authors/permanent/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.authors() }),
  });
}
