import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage, untilTakenOver } from './support/session';

// One run's names, so the journeys can be repeated against the same data folder.
const RUN = Date.now().toString(36).toUpperCase();
const CATEGORY = `Ramp Kits ${RUN}`;
const PRODUCT = `Ramp Mat 0.6 × 2.4 m ${RUN}`;
const SKU = `MW-RAMP-${RUN}`;
const ARTICLE = `Heating a Loading Ramp ${RUN}`;
const QUESTION = `Can a ramp mat go under pavers ${RUN}?`;
const ANSWER_WORD = `zebrapaver${RUN.toLowerCase()}`;

type Picture = { name: string; mimeType: string; buffer: Buffer };

/** Real image bytes drawn by the browser itself, so the server's check by content accepts them. */
async function picture(page: Page, name: string, type: 'image/png' | 'image/jpeg', colour: string): Promise<Picture> {
  const dataUrl = await page.evaluate(
    ({ type, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 64, 48);
      ctx.fillStyle = '#ea580c';
      ctx.fillRect(8, 8, 48, 8);
      return canvas.toDataURL(type, 0.9);
    },
    { type, colour },
  );
  return { name, mimeType: type, buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

async function openFromSidebar(page: Page, link: string, heading = link) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The demo customer starts with an empty server cart, whatever earlier runs left. */
async function emptyServerCart(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers });
}

test.describe.serial('the catalogue in the dashboard and in the shop', () => {
  test('an admin creates a category and a product with two images, and cannot delete a category in use', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.admin);

    await openFromSidebar(page, 'Categories');
    await expect(page).toHaveTitle('Categories · Meltway');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Categories');
    const categories = page.getByRole('table', { name: 'Categories' });
    await expect(categories.getByRole('row', { name: /^Mats/ })).toBeVisible();
    await expectAccessible(page, 'dashboard categories');

    // A category with products answers 409 with a message that says so.
    await categories.getByRole('button', { name: 'Delete Mats' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('This category still has products')).toBeVisible();
    await expect(categories.getByRole('row', { name: /^Mats/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add category' }).click();
    let dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(CATEGORY);
    await dialog.getByLabel('Description', { exact: true }).fill('Mats sized for accessible ramps and loading docks.');
    // A file whose name says picture but whose bytes do not: the server reads the bytes and refuses it.
    await dialog.getByLabel('Image').setInputFiles({ name: 'ramp.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Images must be JPEG, PNG or WebP files')).toBeVisible();
    await dialog.getByLabel('Image').setInputFiles(await picture(page, 'ramp.png', 'image/png', '#0369a1'));
    await expect(dialog.getByRole('img', { name: 'Preview of Image' })).toBeVisible();
    await expectAccessible(page, 'new category dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${CATEGORY} was created.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(categories.getByRole('row', { name: new RegExp(CATEGORY) })).toBeVisible();

    await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Product List' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
    await expect(page).toHaveTitle('Product List · Meltway');
    const products = page.getByRole('table', { name: 'Product List' });
    await expect(products.getByRole('row')).toHaveCount(11);
    await expectAccessible(page, 'dashboard products');

    await page.getByRole('button', { name: 'Add product' }).click();
    dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('SKU is required')).toBeVisible();
    await expect(dialog.getByText('Please select a category')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(PRODUCT);
    await dialog.getByLabel('SKU').fill(SKU);
    await dialog.getByLabel('Description', { exact: true }).fill('A 0.6 × 2.4 m snowmelt mat for a wheelchair ramp, 240 V.');
    await dialog.getByLabel('Price (CAD)').fill('149.50');
    await dialog.getByLabel('Stock').fill('12');
    await dialog.getByLabel('Category').selectOption({ label: CATEGORY });
    await dialog.getByLabel('Brand').selectOption({ label: 'Meltway Pro' });
    await dialog.getByLabel('Kind').selectOption({ label: 'Heating mat' });
    await dialog.getByLabel('Voltage (V)').fill('240');
    await dialog.getByLabel('Power (W)').fill('576');
    await dialog.getByLabel('Watt density (W/m²)').fill('400');
    await dialog.getByLabel('Length (m)').fill('2.4');
    await dialog.getByLabel('Width (m)').fill('0.6');
    await dialog.getByLabel('Heated area (m²)').fill('1.44');
    await dialog.getByLabel('Current (A)').fill('2.4');
    await dialog
      .getByLabel('Add images')
      .setInputFiles([await picture(page, 'ramp-top.png', 'image/png', '#1e3a5f'), await picture(page, 'ramp-side.jpg', 'image/jpeg', '#475569')]);
    await expect(dialog.getByRole('img', { name: 'New image ramp-top.png' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'New image ramp-side.jpg' })).toBeVisible();
    // The side view goes first.
    await dialog.getByRole('button', { name: 'Move ramp-side.jpg earlier' }).click();
    await expect(dialog.getByRole('listitem').first()).toContainText('1');
    await expect(dialog.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName('New image ramp-side.jpg');
    await expectAccessible(page, 'new product dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${PRODUCT} was created.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Filter products...' }).fill(SKU);
    await expect(products.getByRole('row')).toHaveCount(2);
    const row = products.getByRole('row', { name: new RegExp(SKU) });
    await expect(row).toContainText('$149.50');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: PRODUCT, exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${PRODUCT}` });
    await expect(dialog.getByText('Saved images')).toBeVisible();
    await expect(dialog.getByRole('img', { name: /^Saved image/ })).toHaveCount(2);
    await expect(dialog.getByLabel('Current (A)')).toHaveValue('2.4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a visitor finds the new product by search and by its category, fills the cart and keeps it after signing in', async ({ page, request }) => {
    test.setTimeout(90_000);
    await emptyServerCart(request);

    await page.goto('/');
    await untilTakenOver(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(SKU);
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${SKU}”` })).toBeVisible();
    await expect(page.getByRole('link', { name: PRODUCT })).toBeVisible();
    await expectAccessible(page, 'search for the new product');

    await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`^${CATEGORY}`) }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible();
    await expectAccessible(page, 'the new category');
    await page.getByRole('link', { name: PRODUCT }).first().click();

    await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
    await expect(page.getByText('$149.50')).toBeVisible();
    await expect(page.getByRole('row', { name: /Watt density/ })).toContainText('400');
    await expect(page.getByRole('button', { name: 'Show image 2 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expectAccessible(page, 'the new product');

    await page.getByRole('link', { name: 'View cart' }).click();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary).toContainText('$299.00');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: PRODUCT })).toBeVisible();
    await expect(summary).toContainText('$299.00');
    await expectAccessible(page, 'cart');

    await page.goto('/login');
    await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 2, name: PRODUCT })).toBeVisible();
    await expect(summary).toContainText('$299.00');
    await page.getByRole('button', { name: `Remove ${PRODUCT}` }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });
});

test('an admin publishes a help article and a FAQ, which the Help Center then shows', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.admin);

  await openFromSidebar(page, 'Help Center');
  await expect(page).toHaveTitle('Help Center · Meltway');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export subscribers (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('The subscribers were exported.')).toBeVisible();
  await expectAccessible(page, 'dashboard help center');
  await page.getByRole('button', { name: 'Add help article' }).click();
  let dialog = page.getByRole('dialog', { name: 'New help article' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Both fields are empty: SPEC's one sentence is said once.
  await expect(dialog.getByText('Help article title and description required')).toHaveCount(1);
  await dialog.getByLabel('Title', { exact: true }).fill(ARTICLE);
  await dialog.getByLabel('Article', { exact: true }).fill('Use mats 0.6 m wide along the ramp, with a snow sensor at the top.');
  await dialog.getByLabel('Image').setInputFiles(await picture(page, 'ramp.jpg', 'image/jpeg', '#0f766e'));
  await expectAccessible(page, 'new help article dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${ARTICLE} was published.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter help articles...' }).fill(RUN);
  await expect(page.getByRole('table', { name: 'Help Center' }).getByRole('button', { name: ARTICLE, exact: true })).toBeVisible();

  await openFromSidebar(page, 'Faq', 'FAQ');
  await expectAccessible(page, 'dashboard faq');
  await page.getByRole('button', { name: 'Add question' }).click();
  dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Question is required')).toBeVisible();
  await dialog.getByLabel('Question', { exact: true }).fill(QUESTION);
  await dialog.getByLabel('Answer', { exact: true }).fill(`Yes: lay it in the sand bed under the pavers (${ANSWER_WORD}).`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Question added.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter questions...' }).fill(RUN);
  await expect(page.getByRole('table', { name: 'FAQ' }).getByRole('button', { name: QUESTION, exact: true })).toBeVisible();

  await page.goto('/helpcenter');
  await untilTakenOver(page);
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await search.fill(ANSWER_WORD);
  await expect(page.getByRole('button', { name: QUESTION })).toBeVisible();
  await search.fill(RUN);
  await expect(page.getByRole('link', { name: new RegExp(ARTICLE) }).first()).toBeVisible();
  await expectAccessible(page, 'help centre with the new content');
  await page.getByRole('link', { name: new RegExp(ARTICLE) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE })).toBeVisible();
});

test('a dealer sees Products and Categories read-only', async ({ page }) => {
  await signIn(page, DEMO.dealer);
  await openFromSidebar(page, 'Product List');
  const products = page.getByRole('table', { name: 'Product List' });
  await expect(products.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('You can view the catalogue here; only administrators change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add product' })).toHaveCount(0);
  await expect(products.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link')).toHaveText(['Product List', 'Categories']);
  await expectAccessible(page, 'dealer products');

  await openFromSidebar(page, 'Categories');
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: /^Mats/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expectAccessible(page, 'dealer categories');
});

test('@phone an admin edits a product from a phone without sideways scrolling', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/dashboard/products?q=MW-MAT-06015');
  const products = page.getByRole('table', { name: 'Product List' });
  await products.getByRole('button', { name: 'Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)' });
  await expect(dialog.getByLabel('Price (CAD)')).toHaveValue('109.00');
  await expect(dialog.getByRole('img', { name: /^Saved image/ })).toHaveCount(2);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectAccessible(page, 'product dialog on a phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth + 1)).toBe(true);
});
