import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage } from './support/session';

const MAT = 'Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)';
const TEST_NOTICE = 'Test payments: no card is charged and no money moves';
const ORDER_NUMBER = /^MW-\d{4}-\d{6,}$/;

/** axe at 1280 px and at 375 px, with a screenshot of each width beside the test's results. */
async function checkPage(page: Page, testInfo: TestInfo, label: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label} at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`${label.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function fillAddress(page: Page, address: { fullname?: string; line1: string; city: string; province: string; postalCode: string }) {
  if (address.fullname) await page.getByLabel('Full name').fill(address.fullname);
  await page.getByLabel('Address', { exact: true }).fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Province or territory').selectOption(address.province);
  await page.getByLabel('Postal code').fill(address.postalCode);
}

/** The demo customer's server cart holds exactly one mat. */
async function customerCartWithOneMat(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers });
  const { items } = (await (await request.get('/api/v1/products?q=MW-MAT-06015')).json()) as { items: { id: string }[] };
  const merged = await request.post('/api/v1/cart/merge', { headers, data: { items: [{ productId: items[0]!.id, quantity: 1 }] } });
  expect(merged.status(), await merged.text()).toBe(200);
}

/** The test card step, then the thank-you page; answers the order number it shows. */
async function payWithTestCard(page: Page, testInfo: TestInfo, label: string) {
  const pay = page.getByRole('button', { name: /^Pay \$[\d,.]+ with the test card$/ });
  await expect(pay).toBeVisible();
  await expect(page.getByText(TEST_NOTICE)).toBeVisible();
  await checkPage(page, testInfo, `${label} payment`);
  await pay.click();
  await expect(page).toHaveURL(/\/thank-you\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const number = (await page.getByText(/^MW-\d{4}-\d{6,}$/).textContent()) ?? '';
  expect(number).toMatch(ORDER_NUMBER);
  await checkPage(page, testInfo, `${label} thank-you`);
  return number;
}

test('a visitor checks out as a guest to Alberta with the test card: GST only, a real order number', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/products?q=MW-MAT-06015');
  await page.getByRole('link', { name: MAT }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page).toHaveTitle('Checkout · Meltway');
  await expect(page.getByRole('link', { name: 'sign in to your account' })).toHaveAttribute('href', '/login?redirect=%2Fcheckout');
  await page.getByLabel('Email', { exact: true }).fill(`guest.${Date.now()}@e2e.meltway.test`);
  await page.getByLabel('Phone (optional)').fill('403 555 0100');
  await fillAddress(page, { fullname: 'Gail Guest', line1: '300 5 Ave SW', city: 'Calgary', province: 'AB', postalCode: 'D2P 1J9' });
  await page.getByLabel('City').focus();
  await expect(page.getByText('Enter a postal code like A1A 1A1')).toBeVisible();
  await page.getByLabel('Postal code').fill('t2p1j9');

  const review = page.getByRole('region', { name: /Review/ });
  await expect(review.getByText('GST (5%)')).toBeVisible();
  await expect(review.getByText(/QST|PST|HST/)).toHaveCount(0);
  await expect(page.getByText(TEST_NOTICE)).toBeVisible();
  await expect(page.getByRole('radio', { name: /On account/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
  await checkPage(page, testInfo, 'guest checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  await payWithTestCard(page, testInfo, 'guest');
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The checkout starts over: the cart is empty and says where to go.
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await checkPage(page, testInfo, 'empty checkout');
});

test('a signed-in customer orders to Quebec by card, sees GST and QST, then finds the order in My orders', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await customerCartWithOneMat(request);
  await page.goto('/login?redirect=%2Fcheckout');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/checkout');

  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.customer);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Sign in with another account' })).toBeVisible();
  await page.getByLabel('Full name').fill('Carl Customer');
  await fillAddress(page, { line1: '1 Rue Sainte-Catherine O', city: 'Montréal', province: 'QC', postalCode: 'h2x 1y4' });
  const review = page.getByRole('region', { name: /Review/ });
  await expect(review.getByText('GST (5%)')).toBeVisible();
  await expect(review.getByText('QST (9.975%)')).toBeVisible();
  await page.getByRole('radio', { name: /Express/ }).check();
  await expect(review.getByText('$49.00')).toBeVisible();
  await checkPage(page, testInfo, 'customer checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  const number = await payWithTestCard(page, testInfo, 'customer');

  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('QST (9.975%)')).toBeVisible();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  await checkPage(page, testInfo, 'order');

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'My orders' });
  await expect(table.getByRole('link', { name: number })).toBeVisible();
  await checkPage(page, testInfo, 'my orders');

  // Reorder puts the mat back in the cart.
  await table.getByRole('link', { name: number }).click();
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 2, name: MAT })).toBeVisible();
});

test('my orders asks a visitor to sign in first and comes back', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL('/login?redirect=%2Forders');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
});

test('a customer comes back to an unpaid card order, then cancels it', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await customerCartWithOneMat(request);
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const placed = await request.post('/api/v1/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-unpaid-${Date.now()}` },
    data: {
      shippingAddress: { fullname: 'Carl Customer', line1: '100 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5X 1A9', country: 'CA' },
      paymentMethod: 'card',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; number: string };

  await page.goto(`/login?redirect=${encodeURIComponent(`/orders/${order.id}`)}`);
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
  await expect(page.getByText('HST (13%)')).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(`/checkout/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your payment' })).toBeVisible();
  await checkPage(page, testInfo, 'unpaid order');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order ${order.number}?` });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('This order is not waiting for a card payment')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
});

test('on a French page, the checkout names a product short of stock by its French name', async ({ page, request }, testInfo) => {
  const { items } = (await (await request.get('/api/v1/products?q=MW-MAT-06015')).json()) as { items: { id: string; nameFr: string; stock: number }[] };
  const mat = items[0]!;
  expect(mat.nameFr).toBeTruthy();
  // A visitor's cart lives in the browser: more mats than the shop has.
  await page.goto('/fr');
  await page.evaluate((line) => localStorage.setItem('meltway.cart', JSON.stringify([line])), { productId: mat.id, quantity: mat.stock + 5 });
  await page.goto('/fr/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Caisse' })).toBeVisible();
  await page.getByLabel('Nom complet').fill('Gabrielle Invitée');
  await page.getByLabel('Adresse', { exact: true }).fill('1 Rue Sainte-Catherine O');
  await page.getByLabel('Ville').fill('Montréal');
  await page.getByLabel('Province ou territoire').selectOption('QC');
  await page.getByLabel('Code postal').fill('H2X 1Y4');
  // The stock is the server's at this moment (other journeys' orders take some): any number, the French name.
  const name = mat.nameFr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByText(new RegExp(`^Il ne reste que \\d+ de ${name} en stock$`)).first()).toBeVisible();
  await checkPage(page, testInfo, 'french-checkout-short-stock');
});
