import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocFileOut, DocOut } from '@meltway/shared/academy/doc.schema';
import { api } from '@/lib/api-client';
import { sendMultipart } from '@/lib/multipart';
import { academyKeys } from './academy-keys';

export type Doc = DocOut;

const fetchDocs = () => api.get<Doc[]>('/api/v1/docs');

export function useDocs() {
  return useQuery({ queryKey: academyKeys.docs(), queryFn: fetchDocs });
}

/** Where a document's file is, on the API host. */
export const fetchDocFile = (id: string) => api.get<DocFileOut>(`/api/v1/docs/${encodeURIComponent(id)}`);

/** Uploads a PDF (multipart: name, file), reporting progress. */
export function useUploadDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file, onProgress }: { name: string; file: File; onProgress?: (f: number) => void }) =>
      sendMultipart<Doc>('POST', '/api/v1/docs', { name, file }, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.docs() }),
  });
}

export function useDeleteDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/docs/permanent/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.docs() }),
  });
}
