import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

test('an admin signs in, lands on the dashboard with every section, and logs out', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  for (const item of ['Coupon Code', 'Manage Admins', 'Dealer List', 'Add Dealer', 'Courses', 'Faq']) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
});

test('a customer signs in and is sent from the dashboard to the home page', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a signed-out visitor is asked to sign in and comes back to the page they wanted', async ({ page }) => {
  await page.goto('/dashboard/courses');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fcourses');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard/courses');
  await expect(page.getByRole('heading', { name: 'Course Management' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Installing heated driveway mats', exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('the header Sign In modal takes a dealer to a dashboard with the dealer sections only', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'sign-in modal');
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO.dealer);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-Password1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');

  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'Order Management', 'Contractor', 'Transactions', 'Commission', 'Product List', 'Categories', 'Student', 'Compliance']);
  await expectAccessible(page);

  await page.goto('/dashboard/admins');
  await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
  await expectAccessible(page);
});

test('a pending contractor is told the account awaits approval', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.pendingContractor, DEMO_PASSWORD);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your account is awaiting approval by an administrator');
  await expectAccessible(page);
});

test('a session that can no longer be renewed ends, and sign-in is asked for again', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('meltway.session') ?? '{}');
    localStorage.setItem(
      'meltway.session',
      JSON.stringify({ ...session, access_token: 'expired-access', refresh_token: 'revoked-refresh' }),
    );
  });
  await page.goto('/dashboard/products');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fproducts');
  await expect(page.getByText('Your session has expired. Please sign in again')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('meltway.session'))).toBeNull();
});
