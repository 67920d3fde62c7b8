import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateVerifyOut } from '@meltway/shared/academy/learning.schema';
import { renderWithApp } from '@/test/render';
import VerifyPage from './verify-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CERTIFICATE: CertificateVerifyOut = {
  id: 'ABCDE-FGHJK-MNPQR-STVWX',
  holderName: 'Robin Installer',
  courseTitle: 'Heated driveways',
  certificationName: 'Certified mat installer',
  courseTitleFr: null,
  certificationNameFr: null,
  score: 90,
  issuedAt: '2025-03-14T12:00:00.000Z',
  expiresAt: '2027-03-14T12:00:00.000Z',
  status: 'valid',
};

/** The public check answers `answer` for the certificate ID of the page. */
function stubCheck(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return String(input) === `/api/v1/certificates/verify/${CERTIFICATE.id}` ? answer() : json({ message: 'not stubbed', code: 'common.notFound' }, 404);
    }),
  );
  return urls;
}

const open = () => renderWithApp(<VerifyPage />, { path: `/verify/${CERTIFICATE.id}`, route: '/verify/:id' });

describe('verify page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a current certificate is valid, from when until when, with its issue and expiry dates', async () => {
    const urls = stubCheck(() => json(CERTIFICATE));
    open();
    const state = await screen.findByText('This certificate is valid.');
    expect(state.closest('[data-state]')).toHaveAttribute('data-state', 'valid');
    expect(screen.getByText('Current: valid from March 14, 2025 until March 14, 2027.')).toBeInTheDocument();
    expect(screen.getByText('Issue date').nextElementSibling).toHaveTextContent('March 14, 2025');
    expect(screen.getByText('Expiry date').nextElementSibling).toHaveTextContent('March 14, 2027');
    expect(screen.getByRole('heading', { name: 'Robin Installer' })).toBeInTheDocument();
    expect(urls).toEqual([`/api/v1/certificates/verify/${CERTIFICATE.id}`]);
  });

  it('says an expired certificate expired, and when it was valid', async () => {
    stubCheck(() => json({ ...CERTIFICATE, status: 'expired', expiresAt: '2026-01-10T12:00:00.000Z' }));
    open();
    const state = await screen.findByText('This certificate has expired.');
    expect(state.closest('[data-state]')).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('It was valid from March 14, 2025 until January 10, 2026.')).toBeInTheDocument();
    expect(screen.queryByText('This certificate is valid.')).not.toBeInTheDocument();
  });

  it('says a revoked certificate is no longer valid', async () => {
    stubCheck(() => json({ ...CERTIFICATE, status: 'revoked' }));
    open();
    const state = await screen.findByText('This certificate was revoked and is no longer valid.');
    expect(state.closest('[data-state]')).toHaveAttribute('data-state', 'revoked');
    expect(screen.getByText('It was issued on March 14, 2025 and revoked since.')).toBeInTheDocument();
  });

  it('says when a certificate does not expire', async () => {
    stubCheck(() => json({ ...CERTIFICATE, expiresAt: null }));
    open();
    expect(await screen.findByText('Current: valid from March 14, 2025, with no expiry date.')).toBeInTheDocument();
    expect(screen.getByText('Expiry date').nextElementSibling).toHaveTextContent('Does not expire');
  });

  it('says an unknown ID is not found, and offers a retry when the check fails', async () => {
    stubCheck(() => json({ message: 'Certificate not found', code: 'academy.certificateNotFound' }, 404));
    const { unmount } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Certificate not found');
    unmount();
    stubCheck(() => json({ message: 'Something went wrong', code: 'common.generic' }, 500));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The certificate could not be checked right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
