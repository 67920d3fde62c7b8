import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificationInput, CertificationOut } from '@meltway/shared/academy/certification.schema';
import { api } from '@/lib/api-client';
import { saveMultipart } from '@/lib/multipart';
import { academyKeys } from './academy-keys';

const fetchCertifications = () => api.get<CertificationOut[]>('/api/v1/certifications');

export function useCertifications() {
  return useQuery({ queryKey: academyKeys.certifications(), queryFn: fetchCertifications });
}

export type CertificationForm = CertificationInput & { image: File | null };

const certificationFields = (input: CertificationForm) => ({
  name: input.name,
  // Empty, not left out: an empty French text clears the one stored.
  nameFr: input.nameFr ?? '',
  description: String(input.description ?? ''),
  descriptionFr: input.descriptionFr ?? '',
  courseId: String(input.courseId ?? ''),
  passingScore: String(input.passingScore ?? ''),
  attemptsLimit: String(input.attemptsLimit ?? ''),
  retryWaitHours: String(input.retryWaitHours ?? ''),
  validityMonths: input.validityMonths == null ? '' : String(input.validityMonths),
  skills: Array.isArray(input.skills) ? JSON.stringify(input.skills) : String(input.skills ?? ''),
  // Empty, not left out: no French skills clears the ones stored.
  skillsFr: Array.isArray(input.skillsFr) ? JSON.stringify(input.skillsFr) : String(input.skillsFr ?? ''),
  image: input.image,
});

/** Creates a certification (`id` absent) or edits one, as multipart with its picture. */
export function useSaveCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, onProgress }: { id?: string; input: CertificationForm; onProgress?: (f: number) => void }) =>
      saveMultipart<CertificationOut>('/api/v1/certifications', id, certificationFields(input), { onProgress }),
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
