import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateOut } from '@meltway/shared/academy/learning.schema';
import { renderWithApp } from '@/test/render';
import MyCertificationsPage from './my-certifications-page';

// The toasts themselves are the toaster's (components/ui/sonner.test.tsx); here, what the page raises.
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CERTIFICATE: CertificateOut = {
  id: 'ABCDE-FGHJK-MNPQR-STVWX',
  courseId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  courseTitle: 'Heated driveways',
  certificationName: 'Certified mat installer',
  description: 'Lays heated mats to code.',
  courseTitleFr: null,
  certificationNameFr: null,
  descriptionFr: null,
  skills: ['Slab preparation'],
  skillsFr: [],
  instructor: 'Alex Author',
  holderName: 'Robin Installer',
  score: 90,
  issuedAt: '2025-03-14T12:00:00.000Z',
  expiresAt: '2027-03-14T12:00:00.000Z',
  status: 'valid',
  revokedReason: null,
  verificationUrl: 'http://shop.test/verify/ABCDE-FGHJK-MNPQR-STVWX',
};
const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJpZCI6IngifQ.c2lnbmF0dXJl';

/** The learner's list, and the credential answering `credential`; every URL asked is recorded. */
function stubApi(credential: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/v1/certificates?')) return json({ items: [CERTIFICATE], total: 1 });
      if (url === `/api/v1/certificates/${CERTIFICATE.id}/credential`) return credential();
      return json({ message: 'not stubbed', code: 'common.notFound' }, 404);
    }),
  );
  return urls;
}

/** Files the page saves: the object URL's blob and the link's file name. */
function captureDownloads() {
  const saved: { blob: Blob; name?: string }[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ blob }), 'blob:credential'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
  return saved;
}

describe('my certifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    notify.error.mockClear();
  });

  it('downloads the certificate’s credential as a .jwt file from the Download credential button', async () => {
    const urls = stubApi(() => new Response(JWT, { status: 200, headers: { 'Content-Type': 'application/vc+jwt' } }));
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<MyCertificationsPage />, { path: '/certification' });
    const button = await screen.findByRole('button', { name: 'Download credential' });
    expect(button).toHaveAccessibleDescription(/Open Badges 3\.0/);
    button.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(notify.error).not.toHaveBeenCalled();
    expect(urls).toContain(`/api/v1/certificates/${CERTIFICATE.id}/credential`);
    expect(saved[0]!.name).toBe(`certificate-${CERTIFICATE.id}.jwt`);
    expect(await saved[0]!.blob.text()).toBe(JWT);
  });

  it('says so when the credential cannot be downloaded', async () => {
    stubApi(() => json({ message: 'Something went wrong', code: 'common.generic' }, 500));
    captureDownloads();
    const user = userEvent.setup();
    renderWithApp(<MyCertificationsPage />, { path: '/certification' });
    await user.click(await screen.findByRole('button', { name: 'Download credential' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('The credential could not be downloaded. Please try again.'));
    expect(screen.getByRole('button', { name: 'Download credential' })).toBeEnabled();
  });
});
