import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { newestMailTo } from './support/mail';
import { apiToken, signInThroughPage } from './support/session';

const ORDER_NUMBER = /^MW-\d{4}-\d{6,}$/;

/** axe at 1280 px and at 375 px. */
async function checkBothWidths(page: Page, label: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Whoever was signed in is forgotten (the session lives in local storage), then `email` signs in. */
async function signInAs(page: Page, email: string, redirect?: string) {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
}

/** The contractor's server cart holds exactly three products in stock, one of each. */
async function cartOfThree(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.contractor, DEMO_PASSWORD)}` };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers });
  const { items } = (await (await request.get('/api/v1/products?pageSize=20&sort=price&order=asc')).json()) as { items: { id: string; stock: number }[] };
  const three = items.filter((p) => p.stock >= 5).slice(0, 3);
  expect(three, 'three products in stock').toHaveLength(3);
  const merged = await request.post('/api/v1/cart/merge', { headers, data: { items: three.map((p) => ({ productId: p.id, quantity: 1 })) } });
  expect(merged.status(), await merged.text()).toBe(200);
}

test('a contractor buys three products with a coupon to Quebec on account; its dealer sees the order, an admin ships it and the buyer is told', async ({ page, request }) => {
  test.setTimeout(180_000);
  await cartOfThree(request);

  await signInAs(page, DEMO.contractor, '/checkout');
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Full name').fill('Chris Contractor');
  await page.getByLabel('Address', { exact: true }).fill('1000 Rue De La Gauchetière O');
  await page.getByLabel('City').fill('Montréal');
  await page.getByLabel('Province or territory').selectOption('QC');
  await page.getByLabel('Postal code').fill('H3B 4W5');

  const review = page.getByRole('region', { name: /Review/ });
  await expect(review.getByText('GST (5%)')).toBeVisible();
  await expect(review.getByText('QST (9.975%)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied (WELCOME10: 10% off)')).toBeVisible();
  await page.getByRole('radio', { name: /On account/ }).check();
  await expect(page.getByText(/Available credit: \$/)).toBeVisible();
  await checkBothWidths(page, 'contractor checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?order=/);
  const number = ((await page.getByText(ORDER_NUMBER).textContent()) ?? '').trim();
  expect(number).toMatch(ORDER_NUMBER);
  await checkBothWidths(page, 'thank-you');
  expect(await newestMailTo(DEMO.contractor, `Order ${number} received`)).toContain(`Order ${number} received`);

  // The contractor's dealer finds the same number in its Order Management.
  await signInAs(page, DEMO.dealer);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order Management' }).click();
  const dealerTable = page.getByRole('table', { name: 'Order Management' });
  await expect(dealerTable.getByRole('link', { name: number })).toBeVisible();
  await checkBothWidths(page, 'dealer orders');
  await dealerTable.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('QST (9.975%)')).toBeVisible();

  // An admin ships it with a tracking number; the buyer's mail leaves through the outbox.
  await signInAs(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order Management' }).click();
  await page.getByRole('table', { name: 'Order Management' }).getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${number}` });
  await dialog.getByLabel('Carrier').fill('Canada Post');
  await dialog.getByLabel('Tracking number').fill('CP-JOURNEY-0001');
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText(`Order ${number} is shipped.`)).toBeVisible();
  await checkBothWidths(page, 'admin order shipped');
  const shippedMail = await newestMailTo(DEMO.contractor, `Order ${number} has shipped`);
  expect(shippedMail).toContain(`Order ${number} has shipped`);
  expect(shippedMail).toContain('CP-JOURNEY-0001');
});

test('a payment event delivered twice changes the order once', async ({ request }) => {
  const { items } = (await (await request.get('/api/v1/products?pageSize=20&sort=price&order=asc')).json()) as { items: { id: string; stock: number }[] };
  const product = items.find((p) => p.stock >= 5)!;
  const placed = await request.post('/api/v1/orders', {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      email: `replay.${Date.now()}@e2e.meltway.test`,
      shippingAddress: { fullname: 'Rita Replay', line1: '10 Main St', city: 'Edmonton', province: 'AB', postalCode: 'T5J 0N3', country: 'CA' },
      paymentMethod: 'card',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; number: string; payment: { clientSecret: string } };
  for (let i = 0; i < 2; i++) {
    const confirmed = await request.post('/api/v1/payments/test/confirm', { data: { orderId: order.id, clientSecret: order.payment.clientSecret } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('paid');
  }
  const admin = { Authorization: `Bearer ${await apiToken(request, DEMO.admin, DEMO_PASSWORD)}` };
  const seen = (await (await request.get(`/api/v1/orders/${order.id}`, { headers: admin })).json()) as { timeline: { action: string }[] };
  expect(seen.timeline.filter((e) => e.action === 'pay')).toHaveLength(1);
  const money = (await (await request.get(`/api/v1/transactions?q=${order.number}`, { headers: admin })).json()) as { items: { kind: string }[] };
  expect(money.items.filter((t) => t.kind === 'payment')).toHaveLength(1);
});
