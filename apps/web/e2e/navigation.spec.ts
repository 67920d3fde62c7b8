import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

test('an unknown path shows the not-found page, and an unknown API path stays JSON', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/lms/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const api = await request.get('/api/v1/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
});

test('every storefront and learning page opens by deep link, with its heading', async ({ page }) => {
  test.setTimeout(120_000);
  const pages: [string, string][] = [
    ['/', 'Clear, safe paths all winter long'],
    ['/categories', 'Shop'],
    ['/categories/heated-mats', 'Category'],
    ['/product/abc', 'Product'],
    ['/products', 'Products'],
    ['/cart', 'Cart'],
    ['/checkout', 'Checkout'],
    // An unpaid order is its buyer's: a visitor signs in first.
    ['/checkout/123', 'Sign In'],
    ['/thank-you', 'Thank you for your order!'],
    ['/helpcenter', 'Help Center'],
    // A slug no article has, now or before, is the site's not-found page.
    ['/help/getting-started', 'Page not found'],
    // My Certifications and the file assignment are one's own too.
    ['/certification', 'Sign In'],
    ['/about', 'About Meltway'],
    ['/layout-generator', 'Layout Generator'],
    ['/lms', 'Explore the world of online learning'],
    // An address that names no course says so.
    ['/lms/courses/1', 'Course not found'],
    // The player and the learner home are one's own: a visitor signs in first.
    ['/lms/course/1', 'Sign In'],
    ['/lms/course', 'Course player'],
    ['/lms/assignment', 'Sign In'],
    ['/lms/home', 'Sign In'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('the launcher paths lead into this product', async ({ page }) => {
  await page.goto('/academy');
  await expect(page).toHaveURL('/lms');
  await page.goto('/shop');
  await expect(page).toHaveURL('/categories');

  await page.goto('/');
  await page.getByRole('button', { name: 'Meltway apps' }).click();
  const academy = page.getByRole('menuitem', { name: /Academy/ });
  await expect(academy).toHaveAttribute('target', '_blank');
  await expect(academy).toHaveAttribute('href', '/academy');
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  await expectAccessible(page, 'app launcher');
});

test('a deep link into the dashboard survives a reload', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/assignments/add');
  await expect(page.getByRole('heading', { name: 'Add Assignment' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/dashboard/assignments/add');
  await expect(page.getByRole('heading', { name: 'Add Assignment' })).toBeVisible();
  await expectAccessible(page);
});
