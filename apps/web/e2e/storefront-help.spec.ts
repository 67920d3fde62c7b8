import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { uniqueEmail } from './support/accounts';
import { newestMailTo } from './support/mail';

test('the help centre finds a question by a word of its answer, says when nothing matches, and opens by slug', async ({ page }) => {
  await page.goto('/helpcenter');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Questions' })).toBeVisible();
  await expectAccessible(page, 'help centre');

  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await expect(search).toHaveAttribute('placeholder', 'Search help articles...');
  await search.fill('PROVINCE');
  await expect(page.getByRole('heading', { name: 'Search Results for "PROVINCE"' })).toBeVisible();
  const question = page.getByRole('button', { name: 'How much does it cost to run?' });
  await expect(question).toBeVisible();
  await question.click();
  await expect(page.getByRole('region', { name: 'How much does it cost to run?' })).toContainText('province');
  await expectAccessible(page, 'help search');

  await search.fill('qwxzv nonsense');
  await expect(page.getByText('No results found for your search.')).toBeVisible();
  await page.getByRole('button', { name: 'View all help articles' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Popular Questions' })).toBeVisible();

  await page.getByRole('button', { name: 'Contact Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText('Message is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Casey Shopper');
  await dialog.getByLabel('Email').fill(uniqueEmail('support'));
  await dialog.getByLabel('Message', { exact: true }).fill('Which mat fits a 3 m walkway?');
  await expectAccessible(page, 'contact dialog');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you. Your message has been sent; we will reply by email.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/help/mats-or-cable%3A-which-to-choose%3F');
  await expect(page.getByRole('heading', { level: 1, name: 'Mats or Cable: Which to Choose?' })).toBeVisible();
  await expect(page).toHaveTitle('Mats or Cable: Which to Choose? · Meltway');
  await expectAccessible(page, 'help article');
});

test('a newsletter sign-up is confirmed through the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('news');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Meltway' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home/About');
  // The figures are the server's counts, not slogans.
  const figures = (await (await request.get('/api/v1/about/figures')).json()) as { courses: number; dealers: number };
  const today = page.getByRole('region', { name: 'Meltway today' });
  await expect(today.getByRole('definition')).toHaveCount(4);
  await expect(today.getByRole('definition').first()).toHaveText(String(figures.courses));
  await expect(today.getByRole('term').last()).toHaveText(figures.dealers === 1 ? 'Approved dealer' : 'Approved dealers');
  await expect(today.getByRole('definition').last()).toHaveText(String(figures.dealers));
  await expectAccessible(page, 'about');

  // The box loads as the footer nears the viewport.
  await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
  const box = page.getByRole('textbox', { name: 'Email address for the newsletter' });
  await box.fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await box.fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please check your inbox and confirm your subscription.')).toBeVisible();

  const mail = await newestMailTo(email);
  const match = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w\-.~%]+/.exec(mail);
  expect(match, 'a confirmation link in the mail').not.toBeNull();
  const link = new URL(match![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your subscription is confirmed. Thank you!')).toBeVisible();
  await expectAccessible(page, 'newsletter confirmed');

  // A second click on the same link is harmless.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your subscription is confirmed. Thank you!')).toBeVisible();

  const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w\-.~%]+/.exec(mail);
  expect(unsubscribe, 'an unsubscribe link in the mail').not.toBeNull();
  const out = new URL(unsubscribe![0]);
  await page.goto(out.pathname + out.search);
  await expect(page.getByText('You are unsubscribed and will receive no more newsletters.')).toBeVisible();
  await expectAccessible(page, 'newsletter unsubscribed');
  await page.goto('/newsletter/unsubscribe');
  await expect(page.getByRole('alert')).toContainText('This newsletter link is invalid or has expired');
});
