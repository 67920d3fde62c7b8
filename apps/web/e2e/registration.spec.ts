import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { ADMIN, APPROVED_DEALER, uniqueEmail } from './support/accounts';
import { newestMailTo } from './support/mail';
import { apiToken, signInThroughPage } from './support/session';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a contractor registers with an approved dealer, cannot sign in until an admin approves, then can', async ({ page, request }) => {
  const email = uniqueEmail('contractor');
  const password = 'Install123';
  await page.goto('/register?role=contractor');
  await expect(page.getByRole('heading', { name: 'Register as a contractor' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Full name').fill('Casey Installer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Company name').fill('Casey Heat Co.');
  await page.getByLabel('License number').fill('RBQ-5678-1234');
  await page.getByLabel('Address').fill('123 Rue Principale, Québec, QC G1R 4P5');
  await page.getByLabel('Phone number').fill('4185550142');
  await page.getByLabel('Labour warranty period (years)').fill('2');
  await page.getByRole('checkbox', { name: 'Heated Mats' }).check();
  await page.getByRole('checkbox', { name: 'System Installation' }).check();
  await page.getByRole('combobox', { name: 'Approved dealer' }).click();
  await page.getByRole('option', { name: APPROVED_DEALER }).click();
  await expect(page.getByRole('combobox', { name: 'Approved dealer' })).toHaveText(APPROVED_DEALER);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/users') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Register as contractor' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(page.getByRole('main').getByText('Registration successful as contractor! Please wait for admin approval.')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/login');
  await signInThroughPage(page, email, password);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Your account is awaiting approval by an administrator');
  await expect(page).toHaveURL(/\/login$/);

  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const approval = await request.post(`/api/v1/users/dealer/${id}/approve`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'approved' },
  });
  expect(approval.status(), await approval.text()).toBe(200);

  await signInThroughPage(page, email, password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu for Casey Installer' })).toBeVisible();
  await expectAccessible(page);
});

test('a dealer registers with a void cheque and a logo, hears that its application arrived, and the admin is told where to decide it', async ({ page }) => {
  const email = uniqueEmail('dealer');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register as a dealer' })).toBeVisible();

  await page.getByLabel('Dealer name').fill('Maritime Melt Ltd.');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Dealer1234');
  await page.getByLabel('Confirm password', { exact: true }).fill('Dealer1234');
  await page.getByLabel('Address').fill('1 Water Street, Halifax, NS B3J 1S9');
  // Typed as people write it: kept as its digits.
  await page.getByLabel('Phone number').fill('(902) 555-0100');
  await page.getByLabel('Billing email').fill('billing@maritime.test');
  const radius = page.getByRole('slider', { name: 'Coverage radius' });
  await expect(radius).toHaveAttribute('aria-valuenow', '50');
  await radius.focus();
  await page.keyboard.press('ArrowRight');
  await expect(radius).toHaveAttribute('aria-valuenow', '51');
  await page.getByLabel('Manager name').fill('Morgan Manager');
  await page.getByLabel('Manager email').fill('morgan@maritime.test');
  await page.getByLabel('Manager phone').fill('9025550101');
  await page.getByLabel('Account holder name').fill('Maritime Melt Ltd.');
  await page.getByLabel('Transit number').fill('123');
  await page.getByLabel('Institution number').click();
  await expect(page.getByText('Transit number must be 5 digits')).toBeVisible();
  await page.getByLabel('Transit number').fill('12345');
  await expect(page.getByText('Transit number must be 5 digits')).toBeHidden();
  await page.getByLabel('Institution number').fill('001');
  await page.getByLabel('Account number').fill('1234567');
  await page.getByLabel('Void cheque').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: 'Preview of Void cheque' })).toBeVisible();
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: 'Preview of Logo' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Register as dealer' }).click();
  await expect(page.getByRole('main').getByText('Registration successful as dealer! Please wait for admin approval.')).toBeVisible();
  await expectAccessible(page);

  const received = await newestMailTo(email, 'We received your application');
  expect(received).toMatch(/^Subject: Meltway: we received your application/m);
  expect(received).toContain('We received your application for a dealer account.');
  const notice = await newestMailTo(ADMIN.email, email);
  expect(notice).toMatch(/^Subject: New dealer application: Maritime Melt Ltd\./m);
  expect(notice).toMatch(/https?:\/\/\S+\/dashboard\/dealers/);
});

test('a shopper signs up and is signed in at once', async ({ page }) => {
  await page.goto('/register?role=customer');
  await page.getByLabel('Full name').fill('Sam Shopper');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('shopper'));
  await page.getByLabel('Password', { exact: true }).fill('Shopper123');
  await page.getByLabel('Confirm password', { exact: true }).fill('Shopper12');
  await page.getByLabel('Full name').click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('Shopper123');
  await expect(page.getByText('Passwords do not match')).toBeHidden();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu for Sam Shopper' })).toBeVisible();
  await expectAccessible(page);
});
