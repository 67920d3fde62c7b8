import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

/*
 * Certificates are issued when a learner finishes a course; the progress and quiz routes that finish one are
 * built beside this page, and the e2e suite has no way into the server's database. Until a learner can finish a
 * course through the API here, these journeys cover what needs no certificate: the public check of an unknown ID,
 * My Certifications for a learner who has none, and the staff page's empty list. (The API suite issues
 * certificates and checks the PDF, revocation and reissue: certificates.routes.test.ts.)
 */

const noSideways = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
};

async function checksUnknownCertificate(page: Page) {
  await page.goto('/verify/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
  await expect(page.getByRole('heading', { name: 'Verify a certificate', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await expect(page.getByText('No certificate matches this ID.')).toBeVisible();
  await noSideways(page);
  await expectAccessible(page, '/verify/:id not found');
}

test('a signed-out visitor checks an unknown certificate ID and is told only that it is not found', async ({ page, request }) => {
  await checksUnknownCertificate(page);
  // Malformed or unknown, the API's answer is the same.
  const unknown = await request.get('/api/v1/certificates/verify/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
  const malformed = await request.get('/api/v1/certificates/verify/not-a-certificate');
  expect(unknown.status()).toBe(404);
  expect(malformed.status()).toBe(404);
  expect(await malformed.text()).toBe(await unknown.text());
});

test('My Certifications asks a visitor to sign in, then shows a learner without certificates where to start', async ({ page }) => {
  await page.goto('/certification');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcertification/);
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/certification');
  await expect(page.getByRole('heading', { name: 'My Certifications', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no certificates yet. Finish a course to earn one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore courses' })).toHaveAttribute('href', '/lms');
  await noSideways(page);
  await expectAccessible(page, '/certification empty');

  // In French.
  await page.goto('/fr/certification');
  await expect(page.getByRole('heading', { name: 'Mes certifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explorer les cours' })).toHaveAttribute('href', '/fr/lms');
});

test('an admin opens Student Certification: search, status filter and an empty list', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Student Certification', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Student Certification', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  for (const option of ['All statuses', 'Valid', 'Expiring soon', 'Expired', 'Revoked']) await expect(page.getByRole('option', { name: option })).toBeVisible();
  await page.getByRole('option', { name: 'Revoked' }).click();
  await expect(page).toHaveURL(/status=revoked/);
  await page.getByPlaceholder('Search by name, course or certificate ID').fill(`nobody-${Date.now()}`);
  await expect(page.getByText('No certificates.')).toBeVisible();
  await expectAccessible(page, '/dashboard/student-certification');
});

test('@phone the certificate pages fit a phone', async ({ page }) => {
  await checksUnknownCertificate(page);
  await page.goto('/login?redirect=%2Fcertification');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'My Certifications', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no certificates yet. Finish a course to earn one.')).toBeVisible();
  await noSideways(page);
  await expectAccessible(page, '/certification on a phone');
});
