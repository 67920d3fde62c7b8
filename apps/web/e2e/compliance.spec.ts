import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

// The demo's contractors: Luc Gagnon chose Northern Heat Supply (`DEMO.dealer`), Erin McLeod Prairie Snowmelt Co.
const OWN = 'Luc Gagnon';
const OTHERS = 'Erin McLeod';
const CERTIFICATIONS = ['Certified Heated Mat Installer', 'Snowmelt Controls Service Technician'];

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

const table = (page: Page) => page.getByRole('table', { name: 'Certification Compliance' });
const rowsOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
/**
 * One row of this contractor per demo certification. Other journeys on the same servers may publish certified
 * courses of their own, so the rows are counted per certification, not in all.
 */
async function expectOneRowPerCertification(page: Page, name: string) {
  for (const certification of CERTIFICATIONS) await expect(rowsOf(page, name).filter({ hasText: certification })).toHaveCount(1);
}

test('a dealer reads which of its contractors hold each certification, from its home and the dashboard menu', async ({ page }) => {
  await signIn(page, DEMO.dealer);
  // The home counts the dealer's contractors by status, each count a link to the list filtered by it.
  const card = page.getByRole('heading', { name: 'Certifications', level: 2 });
  await expect(card).toBeVisible();
  for (const status of ['Valid', 'Expiring soon', 'Expired', 'Never certified']) await expect(page.getByRole('link', { name: new RegExp(`^${status}\\s*\\d+$`) })).toBeVisible();
  await page.getByRole('link', { name: /^Never certified\s*\d+$/ }).click();
  await expect(page).toHaveURL('/dashboard/certifications?status=never');
  await expect(page.getByRole('heading', { name: 'Certification Compliance', level: 1 })).toBeVisible();

  // From the menu: every status.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Compliance', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/certifications');
  await expect(table(page).getByRole('columnheader')).toContainText(['Contractor', 'Certification', 'Status', 'Issue date', 'Expiry date', 'Certificate']);
  await expect(table(page).getByRole('columnheader', { name: 'Dealer' })).toHaveCount(0);
  // One row per certification for its contractor, whatever the status; never another dealer's contractor.
  await expectOneRowPerCertification(page, OWN);
  await expect(rowsOf(page, OTHERS)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Never certified\s*\d+$/ })).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page, '/dashboard/certifications');

  // A count filters the list by its status; pressed again, it shows every row again.
  const valid = page.getByRole('button', { name: /^Valid\s*\d+$/ });
  await valid.click();
  await expect(page).toHaveURL('/dashboard/certifications?status=valid');
  await expect(valid).toHaveAttribute('aria-pressed', 'true');
  await valid.click();
  await expect(page).toHaveURL('/dashboard/certifications');

  // The search asks the server.
  await page.getByPlaceholder('Search by contractor, email or certification').fill('Controls Service');
  await expect(page).toHaveURL(/q=Controls\+Service/);
  await expect(rowsOf(page, OWN)).toHaveCount(1);

  // In French.
  await page.goto('/fr/dashboard/certifications');
  await expect(page.getByRole('heading', { name: 'Conformité des certifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Conformité des certifications' }).getByRole('row').filter({ hasText: OWN }).first()).toBeVisible();
});

test('an admin reads every dealer’s contractors and filters by dealer', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/dashboard/certifications');
  await expectOneRowPerCertification(page, OWN);
  await expectOneRowPerCertification(page, OTHERS);
  await expect(rowsOf(page, OTHERS).first()).toContainText('Prairie Snowmelt Co.');
  await page.getByRole('combobox', { name: 'Dealer' }).click();
  await page.getByRole('option', { name: 'Prairie Snowmelt Co.' }).click();
  await expect(page).toHaveURL(/dealerId=/);
  await expect(rowsOf(page, OWN)).toHaveCount(0);
  await expectOneRowPerCertification(page, OTHERS);
});

test('@phone the compliance list fits a phone', async ({ page }) => {
  await signIn(page, DEMO.dealer);
  await page.goto('/dashboard/certifications');
  await expectOneRowPerCertification(page, OWN);
  await expect(table(page).getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Issue date' })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/dashboard/certifications on a phone');
});
