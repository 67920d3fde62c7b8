import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificationInput, CertificationOut } from '@meltway/shared/academy/certification.schema';
import { api } from '@/lib/api-client';
import { academyKeys } from './academy-keys';

export const fetchCertifications = () => api.get<CertificationOut[]>('/api/v1/certifications');

export function useCertifications() {
  return useQuery({ queryKey: academyKeys.certifications(), queryFn: fetchCertifications });
}

export type CertificationForm = CertificationInput & { image: File | null };

function certificationForm(input: CertificationForm) {
  const form = new FormData();
  form.set('name', input.name);
  form.set('description', String(input.description ?? ''));
  form.set('courseId', String(input.courseId ?? ''));
  form.set('passingScore', String(input.passingScore ?? ''));
  if (input.image) form.set('image', input.image);
  return form;
}

/** Creates a certification (`id` absent) or edits one, as multipart with its picture. */
export function useSaveCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, onProgress }: { id?: string; input: CertificationForm; onProgress?: (f: number) => void }) =>
      id
        ? api.upload<CertificationOut>('PUT', `/api/v1/certifications/${encodeURIComponent(id)}`, certificationForm(input), { onProgress })
        : api.upload<CertificationOut>('POST', '/api/v1/certifications', certificationForm(input), { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.certifications() }),
  });
}

export function useDeleteCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/certifications/permanent/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.certifications() }),
  });
}
