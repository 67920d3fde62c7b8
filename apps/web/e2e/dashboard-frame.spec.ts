import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { apiToken, signInThroughPage } from './support/session';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

test('the home page shows real figures and the sign-ups chart', async ({ page, request }) => {
  // Other journeys place orders, so this month's revenue is whatever the server counts, shown as money.
  const token = await apiToken(request, DEMO.admin, DEMO_PASSWORD);
  const stats = (await (await request.get('/api/v1/dashboard/stats', { headers: { Authorization: `Bearer ${token}` } })).json()) as { revenueThisMonth: number };
  const revenue = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(stats.revenueThisMonth / 100);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveTitle('Dashboard · Meltway');
  for (const label of ['Pending approvals', 'Dealers', 'Contractors', 'Learners', 'Courses', 'Orders this month', 'Revenue this month']) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Sign-ups over the last 12 months' })).toBeVisible();
  await expect(page.getByRole('main').getByText(revenue, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a failed load is asked again once, then shows one error with a retry, and the sidebar stays in view', async ({ page }) => {
  await signIn(page, DEMO.admin);
  // Start from a page that asks for no figures, so only the dashboard home's own requests are counted.
  await page.goto('/dashboard/admins/roles');
  await expect(page.getByRole('heading', { name: 'Admin Roles', level: 1 })).toBeVisible();
  let statsCalls = 0;
  await page.route('**/api/v1/dashboard/stats', (route) => {
    statsCalls += 1;
    return route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
  });
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  // One retry, then the error: counted in requests, not timed (a machine's load is not the product's).
  await expect(main.getByRole('alert')).toHaveText(/The figures could not be loaded\./);
  await expect(main.getByRole('alert')).toHaveCount(1);
  expect(statsCalls).toBe(2);
  await page.unroute('**/api/v1/dashboard/stats');
  await main.getByRole('button', { name: 'Try again' }).click();
  await expect(main.getByText('Pending approvals', { exact: true })).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);

  // A 4xx is not asked again; the table shows its error once and no row count beside it.
  let listCalls = 0;
  await page.route('**/api/v1/users/contractors*', (route) => {
    listCalls += 1;
    return route.fulfill({ status: 403, json: { message: 'Forbidden' } });
  });
  await page.goto('/dashboard/customers');
  await expect(main.getByRole('alert')).toHaveText('The list could not be loaded.');
  await expect(main.getByRole('alert')).toHaveCount(1);
  await expect(main.getByText(/row\(s\) selected/)).toHaveCount(0);
  expect(listCalls).toBe(1);
  await page.unroute('**/api/v1/users/contractors*');

  // The sidebar keeps its place while a long page scrolls.
  await page.goto('/dashboard/admins/roles');
  await expect(page.getByRole('heading', { name: 'Admin Roles', level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  expect((await nav.boundingBox())!.y).toBeLessThan(100);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeInViewport();
});

test('Ctrl+B collapses the sidebar to icons with tooltips, and the choice survives a reload', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const dealers = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dealer List' });
  await dealers.hover();
  await expect(page.getByRole('tooltip', { name: 'Dealer List' })).toBeVisible();
  await expectAccessible(page, 'collapsed sidebar');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6 * 24 * 3600);

  await dealers.click();
  await expect(page.getByRole('heading', { name: 'Dealer List', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'true');
});

test('a dealer’s sidebar lacks the admin items, its figures are its own, and the admin pages refuse it', async ({ page }) => {
  await signIn(page, DEMO.dealer);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Order Management', 'Contractor', 'Transactions', 'Commission', 'Product List', 'Categories', 'Student', 'Compliance']);
  await expect(page.getByRole('main').getByText('Pending approvals', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Dealers', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Contractors who chose you, by month.')).toBeVisible();
  await expectAccessible(page);

  for (const path of ['/dashboard/dealers', '/dashboard/adddealer', '/dashboard/admins', '/dashboard/admins/roles']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
  }
  await expectAccessible(page, 'refused page');
});

test('an admin invites an admin, cannot remove itself, removes the new one, and reads the roles matrix', async ({ page }) => {
  const email = uniqueEmail('new.admin');
  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Admins', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Invite admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an admin' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expectAccessible(page, 'invite dialog');
  await dialog.getByLabel('Full name').fill('Nadia Newadmin');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Manage Admins' });
  await expect(table.getByRole('cell', { name: email })).toBeVisible();

  await table.getByRole('button', { name: 'Remove Avery Admin' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Avery Admin?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You cannot delete your own account')).toBeVisible();

  await table.getByRole('button', { name: 'Remove Nadia Newadmin' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Nadia Newadmin?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Nadia Newadmin was removed.')).toBeVisible();
  await expect(table.getByRole('cell', { name: email })).toHaveCount(0);

  await page.getByRole('link', { name: 'Admin Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Roles', level: 1 })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Admin Roles' });
  const createDealer = matrix.getByRole('row', { name: /Create a dealer/ });
  await expect(createDealer.getByRole('cell')).toHaveText(['Allowed', 'Not allowed', 'Not allowed', 'Not allowed']);
  const contractors = matrix.getByRole('row', { name: /List contractors/ });
  await expect(contractors.getByRole('cell')).toHaveText(['Allowed', 'Own records only', 'Not allowed', 'Not allowed']);
  await expectAccessible(page, 'roles matrix');
});

test('on a phone the sidebar is a sheet, and pages keep their breadcrumb @phone', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Dashboard menu' });
  await sheet.getByRole('link', { name: 'Contractor' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Contractors', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Contractors');
  await expectAccessible(page);
});
