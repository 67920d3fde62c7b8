import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorInput, AuthorOut } from '@meltway/shared/academy/author.schema';
import { api } from '@/lib/api-client';
import { saveMultipart } from '@/lib/multipart';
import { academyKeys } from './academy-keys';

export type Author = AuthorOut;
export type AuthorForm = AuthorInput & { image: File | null };

const fetchAuthors = () => api.get<Author[]>('/api/v1/authors');

export function useAuthors() {
  return useQuery({ queryKey: academyKeys.authors(), queryFn: fetchAuthors });
}


/** Creates an author (`id` absent) or edits one, as multipart with its picture. */
export function useSaveAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, onProgress }: { id?: string; input: AuthorForm; onProgress?: (f: number) => void }) =>
      saveMultipart<Author>('/api/v1/authors', id, { name: input.name, description: String(input.description ?? ''), image: input.image }, { onProgress }),
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
