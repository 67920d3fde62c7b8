import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

// One run's names and dates, so the journeys can be repeated against the same data folder.
const RUN = Date.now().toString(36).toUpperCase();
const NAME = `Winter Warm-Up ${RUN}`;
const CODE = `WARM-${RUN}`;
/** A day far enough ahead to be free on every run: a rate change may start only once per day. */
const RATE_DAY = new Date(Date.UTC(2060, 0, 1) + (Date.now() % 20_000) * 86_400_000).toISOString().slice(0, 10);
const RATE_DAY_SHOWN = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${RATE_DAY}T00:00:00Z`));

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

async function openFromSidebar(page: Page, link: string, heading = link) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe.serial('coupons and tax rates in the dashboard', () => {
  test('an admin creates a coupon with its rules, edits it, sees it in the table and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, DEMO.admin);
    await openFromSidebar(page, 'Coupon Code');
    await expect(page).toHaveTitle('Coupon Code · Meltway');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Coupon Code');
    const table = page.getByRole('table', { name: 'Coupon Code' });
    await expectAccessible(page, 'dashboard coupons');

    await page.getByRole('button', { name: 'Add coupon' }).click();
    let dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Code is required')).toBeVisible();
    await expect(dialog.getByText('Discount must be a whole percent from 1 to 100')).toBeVisible();
    await expectAccessible(page, 'new coupon dialog');

    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Code').fill(CODE);
    await dialog.getByLabel('Discount (%)').fill('25');
    await dialog.getByLabel('Description').fill('A quarter off mats before the first snow.');
    await dialog.getByLabel('Valid from').fill('2030-12-01');
    await dialog.getByLabel('Valid until').fill('2030-11-30');
    await dialog.getByLabel('Total uses').fill('100');
    await dialog.getByLabel('Uses per customer').fill('1');
    await dialog.getByLabel('Minimum subtotal ($)').fill('250');
    await dialog.getByLabel('Category').selectOption({ label: 'Mats' });
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(dialog.getByText('The end date must be after the start date')).toBeVisible();
    await dialog.getByLabel('Valid until').fill('2030-12-31');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(page.getByText(`Coupon ${CODE} created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row', { name: new RegExp(NAME) });
    await expect(row).toContainText(CODE);
    await expect(row).toContainText('25%');
    await expect(row).toContainText('Dec 1, 2030 – Dec 31, 2030');
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText('0 / 100');
    await expect(row).toContainText('Mats');

    // The same code in other letters is the same code: the server says so at the field.
    await page.getByRole('button', { name: 'Add coupon' }).click();
    dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Name').fill(`Copy ${RUN}`);
    await dialog.getByLabel('Code').fill(CODE.toLowerCase());
    await dialog.getByLabel('Discount (%)').fill('5');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(dialog.getByText('This code is already used by another coupon')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await table.getByRole('button', { name: `Edit ${NAME}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit coupon ${CODE}` });
    await expect(dialog.getByLabel('Minimum subtotal ($)')).toHaveValue('250.00');
    await expect(dialog.getByLabel('Valid until')).toHaveValue('2030-12-31');
    await expect(dialog.getByLabel('Category')).toHaveValue(/.+/);
    await dialog.getByLabel('Discount (%)').fill('30');
    await dialog.getByLabel('Category').selectOption({ label: 'All products' });
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await expect(page.getByText(`Coupon ${CODE} saved`)).toBeVisible();
    await expect(row).toContainText('30%');
    await expect(row).toContainText('All products');

    // The filter box finds it by its code too.
    await page.getByPlaceholder('Filter by name or code...').fill(CODE.toLowerCase());
    await expect(table.getByRole('row')).toHaveCount(2);

    await table.getByRole('button', { name: `Delete ${NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete coupon ${CODE}?` });
    await expect(confirm).toContainText('Orders already placed with it keep their discount.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Coupon ${CODE} deleted`)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
  });

  test('an admin schedules a tax rate change and sees it scheduled after the rate in force', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await openFromSidebar(page, 'Tax Rates');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Tax Rates');
    const table = page.getByRole('table', { name: 'Tax Rates' });
    await page.getByPlaceholder('Filter by province...').fill('Nova Scotia');
    await expect(table.getByRole('row', { name: /15%.*Past/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /14%/ })).toContainText('Apr 1, 2025');
    await expectAccessible(page, 'dashboard tax rates');

    await page.getByRole('button', { name: 'Add rate change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a rate change' });
    await dialog.getByLabel('Province').selectOption('NS');
    await dialog.getByLabel('Tax', { exact: true }).selectOption('HST');
    await expect(dialog.getByText(/In force now: 1\d(\.\d+)?%, since/)).toBeVisible();
    await dialog.getByLabel('Rate (%)').fill('12.5');
    await dialog.getByLabel('From').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Schedule rate' }).click();
    await expect(dialog.getByText('A new rate must start after today; rates already in force cannot change')).toBeVisible();
    await expectAccessible(page, 'rate change dialog');
    await dialog.getByLabel('From').fill(RATE_DAY);
    await dialog.getByRole('button', { name: 'Schedule rate' }).click();
    await expect(page.getByText(`HST for NS scheduled from ${RATE_DAY_SHOWN}`)).toBeVisible();

    const scheduled = table.getByRole('row', { name: new RegExp(`12\\.5%.*${RATE_DAY_SHOWN}`) });
    await expect(scheduled).toContainText('Scheduled');
    await expect(scheduled).toContainText('Nova Scotia');
  });

  test('a dealer sees neither page in the sidebar and is turned away from both', async ({ page }) => {
    await signIn(page, DEMO.dealer);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Order Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Coupon Code' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Tax Rates' })).toHaveCount(0);
    for (const path of ['/dashboard/coupons', '/dashboard/tax-rates']) {
      await page.goto(path);
      await expect(page.getByText('Not available for your account')).toBeVisible();
    }
  });
});

test('coupons and tax rates read well on a phone @phone', async ({ page }) => {
  await signIn(page, DEMO.admin);
  for (const [path, heading] of [
    ['/dashboard/coupons', 'Coupon Code'],
    ['/dashboard/tax-rates', 'Tax Rates'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table', { name: heading })).toBeVisible();
    await expectAccessible(page, `${heading} on a phone`);
  }
  await page.getByRole('button', { name: 'Add rate change' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a rate change' }).getByLabel('Rate (%)')).toBeVisible();
  await expectAccessible(page, 'rate change dialog on a phone');
});
