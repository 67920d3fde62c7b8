import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage, untilTakenOver } from './support/session';

const PRODUCT = 'Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)';

/** The demo customer starts the journey with an empty server cart, whatever earlier runs left. */
async function emptyServerCart(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers });
}

test('a visitor finds a product by search and by category, fills the cart, and keeps it after signing in', async ({ page, request }) => {
  test.setTimeout(90_000);
  await emptyServerCart(request);

  await page.goto('/');
  await untilTakenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Clear, safe paths all winter long' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Design my system' }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('MW-MAT-06015');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?q=MW-MAT-06015/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “MW-MAT-06015”' })).toBeVisible();
  await expect(page.getByRole('link', { name: PRODUCT })).toBeVisible();
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await expectAccessible(page, 'product search');

  await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expectAccessible(page, 'shop');
  await page.getByRole('link', { name: /^Mats/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mats' })).toBeVisible();
  await expect(page).toHaveTitle('Mats · Meltway');
  await expectAccessible(page, 'category');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=priceAsc/);
  await page.getByRole('link', { name: PRODUCT }).click();

  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  const productUrl = page.url();
  await expect(page.getByText('$109.00')).toBeVisible();
  await expect(page.getByText('In stock')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Watt density' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Voltage/ })).toContainText('240 V');
  await page.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(page.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expectAccessible(page, 'product');

  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('$218.00');
  await expectAccessible(page, 'cart');
  await page.reload();
  await expect(summary).toContainText('$218.00');
  await expect(page.getByRole('heading', { level: 2, name: PRODUCT })).toBeVisible();

  await page.goto('/login');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 2, name: PRODUCT })).toBeVisible();
  await expect(summary).toContainText('$218.00');
  expect(await page.evaluate(() => localStorage.getItem('meltway.cart'))).toBeNull();

  await page.getByRole('button', { name: `Increase quantity of ${PRODUCT}` }).click();
  await expect(summary).toContainText('$327.00');
  await page.getByRole('button', { name: `Remove ${PRODUCT}` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // Two tabs of the same customer, both opened on an empty cart: each addition is added on the server, so both count.
  const other = await page.context().newPage();
  await other.goto(productUrl);
  await page.goto(productUrl);
  await expect(other.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await other.getByRole('button', { name: 'Add to cart' }).click();
  await expect(other.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await other.close();
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const cart = (await (await request.get('/api/v1/cart', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    items: { quantity: number }[];
  };
  expect(cart.items.map((line) => line.quantity)).toEqual([2]);
  await page.goto('/cart');
  await expect(summary).toContainText('$218.00');
});

test('an empty search says so and offers to clear the filters', async ({ page }) => {
  await page.goto('/products?q=zzqxv-nothing');
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 3');
  await expectAccessible(page);
});

test('the French switch translates a product page', async ({ page }) => {
  await page.goto('/product/snowmelt-mat-0-6-1-5-m-2-5-ft');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tapis de déneigement 0,6 × 1,5 m (2 × 5 pi)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Données techniques' })).toBeVisible();
  await expect(page.getByText('109,00 $')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Densité de puissance' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
});

test('@phone a visitor shops from a phone without sideways scrolling', async ({ page }) => {
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('link', { name: /^Controls/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controls' })).toBeVisible();
  await page.getByRole('link', { name: 'Manual Timer Controller' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manual Timer Controller' })).toBeVisible();
  expect(await fits()).toBe(true);
  await expectAccessible(page, 'product on a phone');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('$329.00');
  expect(await fits()).toBe(true);
  await expectAccessible(page, 'cart on a phone');
});

test('@phone the menu searches the shop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('searchbox', { name: 'Search products' }).fill('GFEP');
  await menu.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL('/products?q=GFEP');
  await expect(page.getByRole('link', { name: 'GFEP Breaker 2-Pole 20 A, 30 mA' })).toBeVisible();
  await expectAccessible(page, 'search from the phone menu');
});
