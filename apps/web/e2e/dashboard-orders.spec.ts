import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { placePaidOrder } from './support/orders';
import { signInThroughPage } from './support/session';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Order Management' });

test('an admin filters orders by status, ships one with a tracking number, sees it in the timeline, and exports the list', async ({ page, request }) => {
  const order = await placePaidOrder(request, DEMO.contractor);
  expect(order.status).toBe('paid');

  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order Management' }).click();
  await expect(page.getByRole('heading', { name: 'Order Management', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(ordersTable(page).getByRole('link', { name: order.number })).toBeVisible();
  await expect(ordersTable(page).getByText('Shipped', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'orders filtered by status');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^number,/i);
  expect(lines.some((line) => line.startsWith(order.number))).toBe(true);

  await ordersTable(page).getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(`/dashboard/order-management/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Order Management' })).toBeVisible();
  await expect(page.getByText('HST (13%)')).toBeVisible();
  await expectAccessible(page, 'order detail');

  await page.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.number}` });
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog.getByText('Carrier is required')).toBeVisible();
  await expectAccessible(page, 'ship dialog');
  await dialog.getByLabel('Carrier').fill('Purolator');
  await dialog.getByLabel('Tracking number').fill('PUR-E2E-123456');
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText(`Order ${order.number} is shipped.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const shipped = timeline.getByRole('listitem').filter({ hasText: 'Shipped' });
  await expect(shipped).toContainText('PUR-E2E-123456');
  await expect(shipped).toContainText('(admin)');
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ship' })).toHaveCount(0);

  const invoice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const pdf = await invoice;
  expect(pdf.suggestedFilename()).toBe(`invoice-${order.number}.pdf`);
  expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a dealer sees only its own orders and transactions, and another dealer’s order is not found', async ({ page, request }) => {
  const own = await placePaidOrder(request, DEMO.contractor);
  const others = await placePaidOrder(request, 'contractor2@demo.meltway.ca');

  await signIn(page, DEMO.dealer);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order Management' }).click();
  await expect(page.getByText('Your own orders and those of your contractors, newest first.')).toBeVisible();
  await expect(ordersTable(page).getByRole('link', { name: own.number })).toBeVisible();
  await expect(ordersTable(page).getByRole('link', { name: others.number })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Dealer' })).toHaveCount(0);
  await expectAccessible(page, 'dealer orders');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Transactions' }).click();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('link', { name: own.number }).first()).toBeVisible();
  await expect(transactions.getByRole('link', { name: others.number })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Refund' }).click();
  await expect(page).toHaveURL(/kind=refund/);
  await expect(transactions.getByRole('link', { name: own.number })).toHaveCount(0);
  await expectAccessible(page, 'dealer transactions');

  await page.goto(`/dashboard/order-management/${own.id}`);
  await expect(page.getByRole('heading', { name: `Order ${own.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Order actions' }).getByRole('button', { name: 'Ship' })).toHaveCount(0);

  await page.goto(`/dashboard/order-management/${others.id}`);
  await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
  await expect(page.getByText(others.number)).toHaveCount(0);
  await expectAccessible(page, 'order not found');
});

test('a dealer sees its commission for the month and downloads the statement', async ({ page, request }) => {
  const order = await placePaidOrder(request, DEMO.contractor, 2);

  await signIn(page, DEMO.dealer);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Commission' }).click();
  await expect(page.getByRole('heading', { name: 'Commission', level: 1 })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Commission ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: order.number })).toContainText('Earned');
  await expect(page.getByText(/^Commission for /)).toBeVisible();
  await expectAccessible(page, 'commission');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^commission-statement-\d{4}-\d{2}\.pdf$/);
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('main').getByText('Commission this month', { exact: true })).toBeVisible();
});

test('@phone the order pages fit a 375 px screen and pass axe', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const order = await placePaidOrder(request, DEMO.contractor);
  await signIn(page, DEMO.admin);
  for (const path of ['/dashboard/order-management', `/dashboard/order-management/${order.id}`, '/dashboard/transactions', '/dashboard/commission']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
    await expectAccessible(page, `${path} at 375 px`);
  }
});
