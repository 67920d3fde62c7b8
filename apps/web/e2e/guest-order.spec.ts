import { expect, test } from './support/test';
import { newestMailTo } from './support/mail';

const MAT = 'Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)';
const ORDER_NUMBER = /^MW-\d{4}-\d{6,}$/;

/** The order page a mail's signed link opens, read from the decoded mail. */
function orderLinkIn(mail: string): URL {
  const match = /https?:\/\/[^/\s"<>]+\/orders\/view\/[\w.-]+/.exec(mail);
  expect(match, 'an order link in the mail').not.toBeNull();
  return new URL(match![0]);
}

test('a guest orders, finds the order from the confirmation mail, and asks for the link again by number and email', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `guest.${Date.now()}@e2e.meltway.test`;

  await page.goto('/products?q=MW-MAT-06015');
  await page.getByRole('link', { name: MAT }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Full name').fill('Gail Guest');
  await page.getByLabel('Address', { exact: true }).fill('200 King Street West');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Province or territory').selectOption('ON');
  await page.getByLabel('Postal code').fill('M5V 2T6');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('button', { name: /^Pay \$[\d,.]+ with the test card$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const number = (await page.getByText(ORDER_NUMBER).textContent()) ?? '';
  expect(number).toMatch(ORDER_NUMBER);

  // The confirmation lists the order, and its link opens it without an account.
  const mail = await newestMailTo(email, `Order ${number} received`);
  for (const text of ['MW-MAT-06015', 'HST 13%', 'Total (CAD)', '200 King Street West', 'Toronto ON  M5V 2T6', 'Shipping method', 'Payment']) expect(mail).toContain(text);
  expect(mail).toContain('Content-Type: text/html');
  const link = orderLinkIn(mail);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('Gail Guest')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', `/api/v1${link.pathname}/invoice.pdf`);
  const invoice = await page.request.get(`/api/v1${link.pathname}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');

  // A link that was tampered with says so, and leads to the look-up.
  await page.goto(`${link.pathname.slice(0, -2)}xx`);
  await expect(page.getByRole('alert')).toContainText('This order link is not valid');
  await page.getByRole('link', { name: 'Get a new link' }).click();

  // The look-up mails the link again.
  await expect(page.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible();
  await page.getByRole('main').getByLabel('Order number').fill(number.toLowerCase());
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an order with this number was placed with this email, we have sent its link to that address');
  const again = await newestMailTo(email, `Your link to order ${number}`);
  await page.goto(orderLinkIn(again).pathname);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
});
