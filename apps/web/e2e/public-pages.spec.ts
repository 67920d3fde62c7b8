import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { adminToken } from './support/dashboard';
import { untilTakenOver } from './support/session';

// The public pages as a search engine or a phone without JavaScript gets them: HTML from the server.
const SLUG = 'snowmelt-mat-0-6-1-5-m-2-5-ft';
const NAME = 'Snowmelt Mat 0.6 × 1.5 m (2 × 5 ft)';

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

async function createProduct(request: APIRequestContext, name: string, slug: string) {
  const token = await adminToken(request);
  const categories = await request.get('/api/v1/categories?pageSize=100');
  const categoryId = ((await categories.json()) as { items: { id: string }[] }).items[0]!.id;
  const created = await request.post('/api/v1/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, slug, sku: slug.toUpperCase().slice(0, 60), price: 12_345, categoryId, kind: 'accessory', stock: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { token, id: ((await created.json()) as { id: string }).id };
}

test('a product page arrives as HTML with its name, price and structured data', async ({ request }) => {
  const response = await request.get(`/product/${SLUG}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  expect(html).toContain(`<h1 class="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">${NAME}</h1>`);
  expect(html).toContain('$109.00');
  expect(html).toContain(`<link rel="canonical" href="${new URL(`/product/${SLUG}`, response.url()).href}"`);
  expect(html).toContain('hreflang="fr-CA"');
  const [product, breadcrumb] = jsonLd(html);
  expect(product).toMatchObject({ '@type': 'Product', name: NAME, sku: 'MW-MAT-06015', offers: { price: '109.00', priceCurrency: 'CAD', availability: 'https://schema.org/InStock' } });
  expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
  // The data the page was rendered with travels with it, so the browser does not ask for it again.
  expect(html).toContain('<script type="application/json" id="server-state">');
});

test('each kind of public page carries its structured data, its trail among it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const first = (pattern: RegExp) => new URL(sitemap.match(pattern)![1]!).pathname;
  const types = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return jsonLd(await response.text());
  };
  expect(await types('/')).toContainEqual(expect.objectContaining({ '@type': 'Organization' }));
  expect(await types('/fr/helpcenter')).toContainEqual(expect.objectContaining({ '@type': 'FAQPage' }));
  const category = await types(first(/<loc>([^<]*\/categories\/[^<]+)<\/loc>/));
  expect(category).toContainEqual(
    expect.objectContaining({ '@type': 'BreadcrumbList', itemListElement: [expect.objectContaining({ name: 'Home' }), expect.objectContaining({ name: 'Shop' }), expect.anything()] }),
  );
  const article = await types(first(/<loc>([^<]*\/fr\/help\/[^<]+)<\/loc>/));
  expect(article.map((data) => data['@type'])).toEqual(['Article', 'BreadcrumbList']);
  expect(article[1]).toMatchObject({ itemListElement: [{ name: 'Accueil' }, { name: 'Centre d’aide' }, {}] });
  const course = await types(first(/<loc>([^<]*\/lms\/courses\/[^<]+)<\/loc>/));
  expect(course.map((data) => data['@type'])).toEqual(['Course', 'BreadcrumbList']);
});

test('a course address that names no course is a 404 that says so, in either language', async ({ request }) => {
  for (const [path, text] of [
    ['/lms/courses/no-such-course', 'No course matches this address.'],
    ['/fr/lms/courses/00000000-0000-4000-8000-000000000000', 'Aucun cours ne correspond à cette adresse.'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain(text);
  }
});

const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/**
 * Opens `path` with the app's entry held back until the server's heading has been noted, then lets it run and
 * waits for the take-over. Gives the document's status, whether the browser kept that very heading or drew the
 * page again, the requests made to `api` and the errors (the browser's own line for a 404 document aside), both
 * lists going on filling as the test goes on.
 */
async function takeOver(page: Page, path: string, api: string) {
  const problems: string[] = [];
  const asked: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    const documentStatus = message.text().startsWith('Failed to load resource') && new URL(message.location().url).pathname === path;
    if (message.type() === 'error' && !documentStatus) problems.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes(api)) asked.push(request.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-hydrating');
  await page.evaluate(() => {
    (window as unknown as { served: Element | null }).served = document.querySelector('h1');
  });
  release();
  await untilTakenOver(page);
  const kept = await page.evaluate(() => document.querySelector('h1') === (window as unknown as { served: Element | null }).served);
  return { status: response?.status(), kept, asked, problems };
}

test('the browser paints the page first, then takes it over as it stands, without asking for its data again', async ({ page }) => {
  const { status, kept, asked, problems } = await takeOver(page, `/product/${SLUG}`, `/api/v1/products/${SLUG}`);
  expect([status, kept]).toEqual([200, true]);
  // The page painted before its script was asked for.
  const timing = await page.evaluate((entry) => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    asked: performance.getEntriesByType('resource').find((e) => new RegExp(entry).test(e.name))?.startTime,
  }), ENTRY.source);
  expect(timing.painted).toBeDefined();
  expect(timing.asked).toBeGreaterThan(timing.painted!);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});

test('a missing product\'s page is taken over as the server sent it, without asking for the product again', async ({ page }) => {
  const slug = 'no-such-heating-mat';
  const { status, kept, asked, problems } = await takeOver(page, `/product/${slug}`, `/api/v1/products/${slug}`);
  expect([status, kept]).toEqual([404, true]);
  await expect(page.getByRole('heading', { name: 'This product does not exist or is no longer sold.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL('/categories');
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});

test('a French product page reads in French, from its own address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/fr/product/${SLUG}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Données techniques' })).toBeVisible();
  await expect(page.getByText('109,00 $')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Boutique' }).first()).toHaveAttribute('href', '/fr/categories');
  await context.close();
});

test('the language switch opens the same page in the other language', async ({ page }) => {
  await page.goto(`/product/${SLUG}`);
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(`/fr/product/${SLUG}`);
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(`/product/${SLUG}`);
});

test('an unknown address and a removed product answer 404 with the not-found page', async ({ request }) => {
  const unknown = await request.get('/no/such/page');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Page not found');
  expect((await request.get('/fr/nulle-part')).status()).toBe(404);

  const slug = `e2e-removed-${Date.now()}`;
  const { token, id } = await createProduct(request, 'Removed junction box', slug);
  expect((await request.get(`/product/${slug}`)).status()).toBe(200);
  const removed = await request.delete(`/api/v1/products/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(removed.ok()).toBe(true);
  const gone = await request.get(`/product/${slug}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain('Removed junction box');
});

test('the sitemap lists a product as soon as it is created, in both languages', async ({ request }) => {
  const slug = `e2e-sitemap-${Date.now()}`;
  await createProduct(request, 'Sitemap junction box', slug);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain(`/product/${slug}</loc>`);
  expect(xml).toContain(`/fr/product/${slug}`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /dashboard');
  expect(robots).toContain('Sitemap: ');
});

test('old addresses move permanently', async ({ request }) => {
  const academy = await request.get('/academy', { maxRedirects: 0 });
  expect(academy.status()).toBe(301);
  expect(academy.headers().location).toMatch(/\/lms$/);
  const shop = await request.get('/fr/shop', { maxRedirects: 0 });
  expect(shop.status()).toBe(301);
  expect(shop.headers().location).toMatch(/\/fr\/categories$/);
});
