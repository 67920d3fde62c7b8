import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
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
  await expect(page.getByRole('link', { name: 'Your account: sign in' })).toBeVisible();
});

test('@phone the register form fits a phone screen', async ({ page }) => {
  await page.goto('/register?role=dealer');
  await expect(page.getByRole('heading', { name: 'Register as a dealer' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
