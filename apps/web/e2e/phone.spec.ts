import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { dealerIdByName, registerContractor } from './support/dashboard';
import { signInThroughPage } from './support/session';

test('@phone the phone menu shows the signed-in user and the navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Help Center' })).toBeVisible();
  await expectAccessible(page, 'phone menu signed out');
  await menu.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/register?role=customer');

  await page.goto('/login');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const signedIn = page.getByRole('dialog', { name: 'Menu' });
  await expect(signedIn.getByText(DEMO.customer)).toBeVisible();
  await expect(signedIn.getByRole('link', { name: 'My Certifications' })).toBeVisible();
  await expect(signedIn.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expectAccessible(page, 'phone menu signed in');
  await signedIn.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('@phone the register form fits a phone screen', async ({ page }) => {
  await page.goto('/register?role=dealer');
  await expect(page.getByRole('heading', { name: 'Register as a dealer' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('@phone at 375 px a pending contractor is approved from its row without scrolling sideways', async ({ page, request }) => {
  const newcomer = `Pat Phone ${Date.now()}`;
  await registerContractor(request, await dealerIdByName(request, 'Northern Heat Supply'), newcomer, uniqueEmail('phone-approve'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');

  await page.goto(`/dashboard/customers?q=${encodeURIComponent(newcomer)}`);
  const table = page.getByRole('table', { name: 'Contractors' });
  const approve = table.getByRole('button', { name: `Approve ${newcomer}` });
  await expect(approve).toBeVisible();
  // The table scrolls, says so with its edge shadow, and keeps the row's buttons on screen.
  const scroller = page.locator('[data-scroll-right]');
  await expect(scroller).toHaveCount(1);
  expect(await scroller.evaluate((el) => el.querySelector('div')!.scrollLeft)).toBe(0);
  const box = (await approve.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await approve.click();
  await expect(page.getByText(`${newcomer} is approved.`)).toBeVisible();
  expect(await scroller.evaluate((el) => el.querySelector('div')!.scrollLeft)).toBe(0);

  await page.goto('/dashboard/helpcenter');
  const help = page.getByRole('table', { name: 'Help Center' });
  const remove = help.getByRole('button', { name: /^Delete / }).first();
  await expect(remove).toBeVisible();
  const removeBox = (await remove.boundingBox())!;
  expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(375);

  await page.goto('/dashboard/admins/roles');
  const customer = page.getByRole('columnheader', { name: 'Customer' });
  await expect(customer).toBeVisible();
  const customerBox = (await customer.boundingBox())!;
  expect(customerBox.x + customerBox.width).toBeLessThanOrEqual(375);
});
