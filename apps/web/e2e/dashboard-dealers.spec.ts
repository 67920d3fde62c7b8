import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { APPROVED_DEALER, DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { registerPendingDealer } from './support/dashboard';
import { signInThroughPage } from './support/session';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

async function openDealerList(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dealer List' }).click();
  await expect(page.getByRole('heading', { name: 'Dealer List', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dealer List · Meltway');
}

test('an admin approves a pending dealer, sees its details with masked bank numbers, and the dealer can then sign in', async ({
  page,
  request,
  browser,
}) => {
  const name = `Aurora Heat ${Date.now()}`;
  const email = uniqueEmail('dealer.approve');
  await registerPendingDealer(request, name, email, 'Dealer1234');

  await signInAsAdmin(page);
  await openDealerList(page);
  const pending = page.getByRole('table', { name: 'Pending dealers' });
  await expect(pending.getByRole('button', { name, exact: true })).toBeVisible();
  await expectAccessible(page);

  await pending.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText(`${name} is approved.`)).toBeVisible();
  await expect(pending.getByRole('button', { name, exact: true })).toHaveCount(0);
  const dealers = page.getByRole('table', { name: 'Dealers' });
  await expect(dealers.getByRole('row').filter({ hasText: name }).getByText('Approved')).toBeVisible();

  await dealers.getByRole('button', { name: `View ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByText('Marie Tremblay')).toHaveCount(0);
  await expect(sheet.getByText('Morgan Manager')).toBeVisible();
  await expect(sheet.getByText(/•+789$/)).toBeVisible();
  await expect(sheet.getByText('123456789')).toHaveCount(0);
  await expectAccessible(page, 'dealer details');
  const popup = page.waitForEvent('popup');
  await sheet.getByRole('button', { name: 'Open the void cheque' }).click();
  const cheque = await popup;
  await cheque.waitForURL(/^blob:/);
  await cheque.close();
  await page.keyboard.press('Escape');

  const context = await browser.newContext();
  const dealerPage = await context.newPage();
  await dealerPage.goto('/login');
  await signInThroughPage(dealerPage, email, 'Dealer1234');
  await expect(dealerPage).toHaveURL('/dashboard');
  await expect(dealerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await context.close();
});

test('an admin rejects a pending dealer, who leaves the pending list and shows as inactive', async ({ page, request }) => {
  const name = `Blizzard Supply ${Date.now()}`;
  await registerPendingDealer(request, name, uniqueEmail('dealer.reject'));

  await signInAsAdmin(page);
  await openDealerList(page);
  const pending = page.getByRole('table', { name: 'Pending dealers' });
  await pending.getByRole('button', { name: `Reject ${name}` }).click();
  await expect(page.getByText(`${name} was rejected.`)).toBeVisible();
  await expect(pending.getByRole('button', { name, exact: true })).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Dealers' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Inactive')).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await expectAccessible(page);
});

test('the Add Dealer wizard refuses each bad step, puts the server’s refusal on its field, then creates a dealer that can be deleted', async ({
  page,
}) => {
  const name = `Glacier Supply ${Date.now()}`;
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Dealer' }).click();
  await expect(page.getByRole('heading', { name: 'Add Dealer', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Dealer Details' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  for (const text of ['Dealer name is required', 'Email is required', 'Billing email is required', 'Address is required', 'Phone number is required', 'Password is required']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'wizard step 1 errors');

  await page.getByLabel('Dealer name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.dealer);
  await page.getByLabel('Billing email').fill('not-an-email');
  await page.getByLabel('Commission (%)').fill('120');
  await page.getByLabel('Address').fill('88 Glacier Way, Banff, AB T1L 1A1');
  await page.getByLabel('Phone number').fill('4035550199');
  await page.getByLabel('Password', { exact: true }).fill('Glacier1234');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Commission must be a valid percentage (0-100)')).toBeVisible();
  await page.getByLabel('Billing email').fill('billing@glacier.example');
  await page.getByLabel('Commission (%)').fill('15');
  await page.getByRole('slider', { name: 'Coverage radius' }).press('ArrowRight');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Manager Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Manager name is required')).toBeVisible();
  await expect(page.getByText('Manager phone is required')).toBeVisible();
  await page.getByLabel('Manager name').fill('Gus Glacier');
  await page.getByLabel('Manager email').fill('gus@glacier.example');
  await page.getByLabel('Manager phone').fill('4035550198');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Banking & Payment Info' })).toBeVisible();
  await page.getByLabel('Account holder name').fill('Glacier Supply Ltd');
  await page.getByLabel('Transit number').fill('1234');
  await page.getByLabel('Institution number').fill('01');
  await page.getByLabel('Account number').fill('12345678901234');
  await page.getByRole('button', { name: 'Create dealer' }).click();
  await expect(page.getByText('Transit number must be 5 digits')).toBeVisible();
  await expect(page.getByText('Institution number must be 3 digits')).toBeVisible();
  await expect(page.getByText('Account number must be 7 to 12 digits')).toBeVisible();
  await expectAccessible(page, 'wizard step 3 errors');
  await page.getByLabel('Transit number').fill('12345');
  await page.getByLabel('Institution number').fill('001');
  await page.getByLabel('Account number').fill('1234567');
  await page.getByRole('button', { name: 'Create dealer' }).click();

  // The email belongs to a demo dealer: the server refuses, and the wizard goes back to that field.
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Dealer Details' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('form').getByText('An account with this email already exists').first()).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('glacier'));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Manager name')).toHaveValue('Gus Glacier');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create dealer' }).click();

  await expect(page.getByText('Dealer created successfully!')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/dealers');
  const row = page.getByRole('table', { name: 'Dealers' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Approved')).toBeVisible();

  // A dealer whose contractors depend on it stays; the server says why.
  await page
    .getByRole('table', { name: 'Dealers' })
    .getByRole('button', { name: `Delete ${APPROVED_DEALER}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${APPROVED_DEALER}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This dealer still has contractors who depend on it')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dealers' }).getByText(name)).toHaveCount(0);
  await expectAccessible(page);
});
