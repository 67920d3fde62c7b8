import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { fromOwnAddress, uniqueEmail } from './support/accounts';
import { newestMailTo, resetLinkIn } from './support/mail';
import { signInThroughPage } from './support/session';

test('forgot password: the mailed link sets a new password, which then signs in', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  const created = await request.post('/api/v1/users', {
    headers: fromOwnAddress(),
    data: { role: 'customer', fullname: 'Frankie Forgetful', email, password: 'Original123' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Please enter your email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Password reset link has been sent to your email.')).toBeVisible();
  await expectAccessible(page, 'forgot-password dialog');

  const link = resetLinkIn(await newestMailTo(email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Please fill in all fields')).toHaveCount(1);
  await page.getByLabel('New password', { exact: true }).fill('Renewed123');
  await page.getByLabel('Confirm password', { exact: true }).fill('Renewed124');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('Renewed123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await signInThroughPage(page, email, 'Original123');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
  await signInThroughPage(page, email, 'Renewed123');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu for Frankie Forgetful' })).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset');
  await expect(page.getByRole('alert')).toHaveText('Invalid reset link');
  await expectAccessible(page);
});

test('a used reset link says so when the page opens, and a new link can be asked for from there', async ({ page, request }) => {
  const email = uniqueEmail('twice');
  const created = await request.post('/api/v1/users', {
    headers: fromOwnAddress(),
    data: { role: 'customer', fullname: 'Tess Twice', email, password: 'Original123' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const asked = await request.post('/api/v1/users/forgot-password', { headers: fromOwnAddress(), data: { email } });
  expect(asked.status()).toBe(200);
  const link = resetLinkIn(await newestMailTo(email));
  const token = link.searchParams.get('token')!;
  const used = await request.post('/api/v1/users/reset-password', { headers: fromOwnAddress(), data: { token, newPassword: 'Renewed123', confirmPassword: 'Renewed123' } });
  expect(used.status(), await used.text()).toBe(200);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toHaveText('This reset link has already been used');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Password reset link has been sent to your email.')).toBeVisible();

  // The new mail is the newest once it arrives: wait until its token is another one.
  await expect.poll(async () => resetLinkIn(await newestMailTo(email)).searchParams.get('token')).not.toBe(token);
  const fresh = resetLinkIn(await newestMailTo(email));
  await page.goto(fresh.pathname + fresh.search);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
