import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { contractorIdByEmail, dealerIdByName, registerContractor } from './support/dashboard';
import { signInThroughPage } from './support/session';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

const rowsOf = (page: Page) => page.getByRole('table', { name: 'Contractors' }).getByRole('row');

test('a dealer sees its own contractors, approves one, and another dealer’s contractor is not found even by its address', async ({
  page,
  request,
}) => {
  const otherDealersContractor = await contractorIdByEmail(request, 'contractor2@demo.meltway.ca');
  const newcomer = `Nora Newcomer ${Date.now()}`;
  await registerContractor(request, await dealerIdByName(request, 'Northern Heat Supply'), newcomer, uniqueEmail('newcomer'));

  await signIn(page, DEMO.dealer);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Contractor' }).click();
  await expect(page.getByRole('heading', { name: 'Contractors', level: 1 })).toBeVisible();
  await expect(page.getByText('The contractors who chose you as their dealer.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Contractors' });
  await expect(table.getByRole('link', { name: 'Luc Gagnon' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Erin McLeod' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Prairie Snowmelt Co.' })).toHaveCount(0);
  await expectAccessible(page);

  await table.getByRole('button', { name: `Approve ${newcomer}` }).click();
  await expect(page.getByText(`${newcomer} is approved.`)).toBeVisible();
  await expect(rowsOf(page).filter({ hasText: newcomer }).getByText('Approved')).toBeVisible();

  await table.getByRole('link', { name: 'Luc Gagnon' }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers\/details\?id=/);
  await expect(page.getByRole('heading', { name: 'Luc Gagnon', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Contractors' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Northern Heat Supply', { exact: true })).toBeVisible();
  await expect(page.getByText('This contractor\'s orders will appear here.')).toHaveCount(0);
  await expectAccessible(page, 'contractor details');

  await page.goto(`/dashboard/customers/details?id=${otherDealersContractor}`);
  await expect(page.getByRole('heading', { name: 'Contractor not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Erin McLeod')).toHaveCount(0);
  await expectAccessible(page, 'contractor not found');
});

test('the contractors table filters, sorts, pages, keeps its state in the address, selects and exports', async ({ page, request }) => {
  const run = `Pager${Date.now().toString(36)}`;
  const prairie = await dealerIdByName(request, 'Prairie Snowmelt Co.');
  for (let i = 1; i <= 12; i += 1) {
    await registerContractor(request, prairie, `${run} ${String(i).padStart(2, '0')}`, uniqueEmail(`pager${i}`));
  }

  await signIn(page, DEMO.admin);
  await page.goto('/dashboard/customers');
  await expect(page.getByText('Every contractor, with the dealer each one chose.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter contractors...' }).fill(run);
  await expect(page.getByText('0 of 12 row(s) selected.')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(11);

  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(rowsOf(page).nth(1)).toContainText(`${run} 01`);
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(rowsOf(page).nth(1)).toContainText(`${run} 12`);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(3);
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Filter contractors...' })).toHaveValue(run);
  await expect(rowsOf(page).nth(1)).toContainText(`${run} 02`);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Go to first page' }).click();
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(13);

  for (const index of [1, 2, 3]) await rowsOf(page).nth(index).getByRole('checkbox', { name: 'Select row' }).check();
  await expect(page.getByText('3 of 12 row(s) selected.')).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Licence' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Licence' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('contractors.csv');
  const lines = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Name,Company,Type,Services,Dealer,Status,Created');
  expect(lines).toHaveLength(13);
  expect(lines[1]).toContain(`${run} 12,${run} 12 Heating,Electrical Contractor`);
  expect(lines[1]).toContain('Prairie Snowmelt Co.,Pending');

  await page.getByRole('combobox', { name: 'Contractor type' }).click();
  await page.getByRole('option', { name: 'Landscape Contractor' }).click();
  await expect(page.getByText('No results.')).toBeVisible();
  await expect(page).toHaveURL(/contractorType=Landscape\+Contractor/);
  await page.getByRole('combobox', { name: 'Contractor type' }).click();
  await page.getByRole('option', { name: 'Electrical Contractor' }).click();
  await expect(rowsOf(page)).toHaveCount(13);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await expect(page.getByText('No results.')).toBeVisible();
  await expect(page).toHaveURL(/status=approved/);
  await expectAccessible(page, 'contractors with no results');
});
