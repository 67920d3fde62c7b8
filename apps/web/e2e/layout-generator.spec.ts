import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage, untilTakenOver } from './support/session';

/** A 1×1 PNG: the smallest site photo the server's byte check accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Project = { id: string; result: { bom: { name: string; sku: string; quantity: number; stock: number }[] } };

/** axe at 1280 px and at 390 px. */
async function checkBothWidths(page: Page, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Whoever was signed in is forgotten (the session and the generator's draft live in local storage), then `email` signs in. */
async function signInAs(page: Page, email: string) {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Other journeys leave lines in the demo contractor's cart: the cart holds the project's materials only. */
async function emptyCart(request: APIRequestContext, email: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, email, DEMO_PASSWORD)}` };
  const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers });
}

/** Types an area's width and length into its card, found by the area's name. */
async function sizeArea(page: Page, name: string, widthM: string, lengthM: string) {
  const card = page.getByRole('listitem', { name, exact: true });
  await card.getByLabel('Width (m)').fill(widthM);
  await card.getByLabel('Length (m)').fill(lengthM);
}

test('a contractor designs a two-area driveway in Ottawa, orders it, downloads its permit pack and shares it with its dealer, who sees it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const name = `Driveway ${Date.now()}, Ottawa`;
  await emptyCart(request, DEMO.contractor);
  await signInAs(page, DEMO.contractor);

  // The design: Ottawa, whose design weather no public source gives, so the residential class density; a driveway in two areas.
  await page.goto('/layout-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'Layout Generator' })).toBeVisible();
  await untilTakenOver(page);
  await page.getByLabel('City', { exact: true }).selectOption({ label: 'Ottawa, ON' });
  await expect(page.getByText('No public source gives the design weather for Ottawa, ON: type the design weather or use a class density.')).toBeVisible();
  await page.getByRole('button', { name: 'Design my system' }).click();
  await sizeArea(page, 'Driveway', '3', '12');
  await page.getByRole('button', { name: 'Add an area' }).click();
  await page.getByRole('menuitem', { name: 'Driveway' }).click();
  await sizeArea(page, 'Driveway 2', '3', '9');
  // The result follows each keystroke: the circuits are counted once it is the design of both areas as typed
  // (3 x 12 m and 3 x 9 m), not one of the sizes on the way there.
  await expect(page.getByRole('region', { name: 'Your system' }).getByText('of 63 m²', { exact: true })).toBeVisible();

  // The circuit schedule: every circuit on its own 30 mA ground-fault breaker, loaded at most to 80% of it.
  const circuits = page.getByRole('region', { name: 'Circuit schedule' }).first();
  await expect(circuits).toBeVisible();
  const rows = circuits.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const count = (await rows.count()) - 1;
  expect(count, 'at least one circuit').toBeGreaterThan(0);
  for (let i = 1; i <= count; i++) {
    const row = rows.nth(i);
    await expect(row.getByRole('cell', { name: '30 mA' })).toBeVisible();
    await expect(row.getByRole('cell', { name: /^\d+ A, 240 V/ })).toBeVisible();
    const [load, max] = ((await row.getByRole('cell', { name: / A$/ }).textContent()) ?? '').replace(/[^\d./]/g, '').split('/').map(Number);
    expect(load, `circuit ${i} at most 80% of its breaker`).toBeLessThanOrEqual(max!);
  }
  await expect(page.getByRole('region', { name: 'Bill of materials' }).first()).toBeVisible();
  await checkBothWidths(page, 'layout generator');

  // Saved, it opens as a project.
  await page.getByRole('button', { name: 'Save project' }).click();
  const save = page.getByRole('dialog', { name: 'Save the project' });
  await save.getByLabel('Project name').fill(name);
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/layout-generator\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const projectUrl = page.url();
  const id = projectUrl.split('/').pop()!;
  await expect(page.getByRole('list', { name: 'Project status' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('The project is not installed yet')).toBeVisible();

  // The whole bill of materials goes to the cart in one click, and the cart shows its lines.
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.contractor, DEMO_PASSWORD)}` };
  const project = (await (await request.get(`/api/v1/designs/${id}`, { headers })).json()) as Project;
  expect(project.result.bom.length, 'a bill of materials').toBeGreaterThan(0);
  // The demo stock holds fewer of this design's mats than it needs: the page names the short line and adds nothing.
  const short = project.result.bom.filter((l) => l.quantity > l.stock);
  expect(short.length, 'the demo stock is short of a line of this design').toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Not enough stock for' });
  await expect(notice.getByText(`Not enough stock for ${short.length} product${short.length === 1 ? '' : 's'} of this bill of materials: nothing was added to the cart.`)).toBeVisible();
  for (const l of short) await expect(notice.getByText(`(${l.sku}): the design needs ${l.quantity}, ${l.stock} in stock.`, { exact: false })).toBeVisible();
  const empty = (await (await request.get('/api/v1/cart', { headers })).json()) as { itemCount: number };
  expect(empty.itemCount, 'nothing added before the offer is taken').toBe(0);
  // Taken: what is in stock goes in, and the page still says what is missing.
  await notice.getByRole('button', { name: 'Add what is in stock' }).click();
  await expect(page.getByText(/^What was in stock is in your cart\. \d+ products? (is|are) still short:$/)).toBeVisible();
  // The header's count follows the cart the server answered, without a reload.
  const { itemCount } = (await (await request.get('/api/v1/cart', { headers })).json()) as { itemCount: number };
  expect(itemCount, 'the cart holds the bill of materials').toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName(`Cart, ${itemCount} item${itemCount === 1 ? '' : 's'}`);
  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL('/cart');
  const lines = page.getByRole('region', { name: 'Products in your cart' });
  for (const line of project.result.bom) await expect(lines.getByRole('heading', { name: line.name, exact: true })).toBeVisible();
  await expect(lines.getByRole('listitem')).toHaveCount(project.result.bom.length);

  // The permit pack, read back: the project, the circuit schedule and the code checklist.
  await page.goto(projectUrl);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download permit pack' }).click()]);
  expect(download.suggestedFilename()).toMatch(/-permit-pack\.pdf$/);
  const pdf = await pdfText(await readFile((await download.path())!));
  const text = pdf.pages.flat().join('\n');
  for (const expected of [name, 'Permit pack', 'Ottawa', '3. Circuit schedule', '4. Bill of materials', '5. CEC Section 62 / NEC Article 426 checklist']) {
    expect(text, `permit pack shows ${expected}`).toContain(expected);
  }

  // The installation record: a test of the first mat or cable before the pour, and a site photo.
  const units = page.getByRole('table', { name: 'Mats and cables of the project' });
  await units.getByLabel(/^Insulation resistance of .+ before the pour \(MΩ\)$/).first().fill('2000');
  await units.getByLabel(/^Continuity of .+ before the pour \(Ω\)$/).first().fill('12.5');
  await page.getByRole('button', { name: 'Save all tests' }).click();
  // Judged against its mat's rule at once.
  await expect(units.getByText(/^(Passed|Failed: )/)).toHaveCount(1);
  await page.getByLabel('Add a photo').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /^Site photo 1, / })).toBeVisible();
  await expect(page.getByText('No photo of the installation yet')).toHaveCount(0);

  // Shared with its dealer.
  const share = page.getByRole('switch', { name: 'Share with my dealer' });
  await expect(share).toHaveAttribute('aria-checked', 'false');
  await share.click();
  await expect(share).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Shared with dealer')).toBeVisible();
  await checkBothWidths(page, 'project page');

  // The dealer finds it among its projects, from its account menu, and reads it without changing it.
  await signInAs(page, DEMO.dealer);
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'My projects' }).click();
  await expect(page).toHaveURL('/layout-generator/projects');
  const table = page.getByRole('table', { name: 'My projects' });
  await expect(table.getByRole('link', { name })).toBeVisible();
  await checkBothWidths(page, 'dealer projects list');
  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/shared this project with you/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add all to cart' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Site photo 1, / })).toBeVisible();
  await checkBothWidths(page, 'dealer project page');
});

test('a signed-out visitor to the projects list signs in and comes back to it', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/layout-generator/projects');
  await expect(page).toHaveURL(/\/login\?redirect=%2Flayout-generator%2Fprojects$/);
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/layout-generator/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Design a system' })).toHaveAttribute('href', '/layout-generator');
});
