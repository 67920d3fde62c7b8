import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';

test('the French switch translates the register page and is remembered', async ({ page }) => {
  await page.goto('/register?role=contractor');
  await expect(page.getByRole('heading', { name: 'Register as a contractor' })).toBeVisible();
  await page.getByRole('link', { name: 'Français' }).click();

  await expect(page.getByRole('heading', { name: 'S’inscrire comme entrepreneur' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByLabel('Nom complet')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Concessionnaire approuvé' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Tapis chauffants' })).toBeVisible();
  await page.getByLabel('Nom complet').click();
  await page.getByLabel('Courriel', { exact: true }).click();
  await expect(page.getByText('Le nom est obligatoire')).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'S’inscrire comme entrepreneur' })).toBeVisible();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Register as a contractor' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
});
