import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateList, CertificateOut, CertificateVerifyOut } from '@meltway/shared/academy/learning.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { Language } from '@meltway/shared/common/language';

export const CERTIFICATE_FILTERS = ['valid', 'expiring', 'expired', 'revoked'] as const;
export type CertificateFilter = (typeof CERTIFICATE_FILTERS)[number];

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  list: (filters: Record<string, unknown>) => [...certificateKeys.all, 'list', filters] as const,
  expiring: () => [...certificateKeys.all, 'expiring'] as const,
  verify: (id: string) => ['certificate-verify', id] as const,
};

const path = (id: string) => `/api/v1/certificates/${encodeURIComponent(id)}`;

/** The signed-in learner's own certificates (up to 100: more than anyone earns). */
export function useMyCertificates(enabled = true) {
  return useQuery({ queryKey: certificateKeys.mine(), queryFn: () => api.get<CertificateList>('/api/v1/certificates', { pageSize: 100 }), enabled });
}

/** A page of the certificates staff may read, filtered by status. */
export function fetchCertificatesPage(request: PageRequest, status?: CertificateFilter): Promise<PageResult<CertificateOut>> {
  return api.get<CertificateList>('/api/v1/certificates', { page: request.page, pageSize: request.pageSize, q: request.q.trim() || undefined, status });
}

/** How many live certificates expire within 90 days. */
export function useExpiringCount() {
  return useQuery({ queryKey: certificateKeys.expiring(), queryFn: async () => (await api.get<CertificateList>('/api/v1/certificates', { status: 'expiring', pageSize: 1 })).total });
}

/** The public check of a certificate ID; a 404 is an answer here, not a failure to retry. */
export function useVerifyCertificate(id: string) {
  return useQuery({ queryKey: certificateKeys.verify(id), queryFn: () => api.get<CertificateVerifyOut>(`/api/v1/certificates/verify/${encodeURIComponent(id)}`), retry: false });
}

/** The certificate's PDF in `lang`; it needs the bearer token, so no plain link. */
export async function downloadCertificate(id: string, lang: Language) {
  const blob = await api.blob(`${path(id)}/pdf`, { query: { lang } });
  saveFile(blob, `certificate-${id}.pdf`);
}

/** The certificate as an Open Badges 3.0 credential (a VC-JWT file any verifier can check); it needs the bearer token too. */
export async function downloadCredential(id: string) {
  const blob = await api.blob(`${path(id)}/credential`);
  saveFile(blob, `certificate-${id}.jwt`);
}

export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.post<CertificateOut>(`${path(id)}/revoke`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export function useReissueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<CertificateOut>(`${path(id)}/reissue`),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** The professional network's add-to-profile address for a certificate. */
export function linkedInUrl(c: Pick<CertificateOut, 'certificationName' | 'issuedAt' | 'verificationUrl' | 'id'>) {
  const issued = new Date(c.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.certificationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.verificationUrl,
    certId: c.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
