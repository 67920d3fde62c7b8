import type { Page } from '@playwright/test';
import { DESIGN_INPUT } from '@meltway/shared/design/test/driveway';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage } from './support/session';

/** A 1×1 PNG: the smallest site photo the server's byte check accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Project = { id: string; units: { unit: string; rule: { nominalOhm: number } }[] };

/** Types a unit's two figures of one phase into its row, along the row as a keyboard does. */
async function typeTest(page: Page, unit: string, phase: 'before' | 'after', insulation: string, continuity: string) {
  const when = `${phase} the pour`;
  await page.getByLabel(`Insulation resistance of ${unit} ${when} (MΩ)`).fill(insulation);
  await page.keyboard.press('Tab');
  const box = page.getByLabel(`Continuity of ${unit} ${when} (Ω)`);
  await expect(box).toBeFocused();
  await box.fill(continuity);
}

test('a contractor records a failing test, sees it fail, records passing ones and then marks the project inspected', async ({ page, request }) => {
  test.setTimeout(180_000);
  // A small driveway saved through the API, as the generator saves it.
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.contractor, DEMO_PASSWORD)}` };
  const created = await request.post('/api/v1/designs', { headers, data: { name: `Inspection ${Date.now()}`, input: DESIGN_INPUT } });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as Project;
  const [first, ...others] = project.units;
  expect(first, 'the design has a mat to test').toBeDefined();

  await page.goto('/login');
  await signInThroughPage(page, DEMO.contractor, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await page.goto(`/layout-generator/projects/${project.id}`);
  await page.getByRole('button', { name: 'Mark as ordered' }).click();
  await page.getByRole('button', { name: 'Mark as installed' }).click();
  const inspect = page.getByRole('button', { name: /^Mark as inspected: \d+ items? missing$/ });
  await expect(inspect).toHaveAttribute('aria-disabled', 'true');

  // 0.4 MΩ and an open conductor before the pour: failed, with what to do.
  const table = page.getByRole('table', { name: 'Mats and cables of the project' });
  const row = table.getByRole('row').filter({ has: page.getByText(first!.unit, { exact: true }) });
  await typeTest(page, first!.unit, 'before', '0,4', '999');
  await page.keyboard.press('Enter');
  await expect(row.getByText(/^Failed: insulation 0\.4 MΩ is under 100 MΩ and continuity 999 Ω is outside /)).toBeVisible();
  await expect(row.getByText('Do not pour: find and repair the fault, or replace the unit, then test again.')).toBeVisible();
  const missing = page.getByRole('region', { name: 'Still missing for inspection' });
  await expect(missing.getByText(`${first!.unit} failed its test before the pour: insulation 0.4 MΩ, at least 100 MΩ needed`, { exact: false })).toBeVisible();
  await expect(inspect).toHaveAttribute('aria-disabled', 'true');

  // Screenshots of the table as typed, at desktop and phone widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('region', { name: 'Installation tests' }).screenshot({ path: test.info().outputPath(`readings-${width}.png`) });
  }
  // On a phone each unit is a block: nothing scrolls sideways, the boxes after the pour and the whole failed verdict are in view.
  const sideways = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
  expect(sideways, 'the tests table scrolls sideways on a phone').toBeLessThanOrEqual(0);
  // The box around the table, which clips whatever would scroll.
  const tableBox = (await table.locator('xpath=..').boundingBox())!;
  for (const part of [row.getByLabel(`Continuity of ${first!.unit} after the pour (Ω)`), row.getByText(/^Failed: /)]) {
    await part.scrollIntoViewIfNeeded();
    const box = (await part.boundingBox())!;
    expect(box.x + box.width, 'inside the table at 390 px').toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
  }
  await typeTest(page, first!.unit, 'after', '', '');
  await expectAccessible(page, 'project page on a phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'project page with a failed test');

  // Repaired and tested again, then every other unit and phase, each at its nominal resistance; French commas accepted.
  const ohms = (r: number) => String(r).replace('.', ',');
  await typeTest(page, first!.unit, 'before', '550', ohms(first!.rule.nominalOhm));
  await typeTest(page, first!.unit, 'after', '600', ohms(first!.rule.nominalOhm));
  await page.keyboard.press('Enter');
  await expect(row.getByText('Passed')).toHaveCount(2);
  for (const unit of others) {
    await typeTest(page, unit.unit, 'before', '800', ohms(unit.rule.nominalOhm));
    await typeTest(page, unit.unit, 'after', '750', ohms(unit.rule.nominalOhm));
  }
  if (others.length) {
    await page.getByRole('button', { name: 'Save all tests' }).click();
    // Saved one unit after another, each answer marking its unit: a busy machine takes more than the default 10 s.
    await expect(table.getByText('Passed')).toHaveCount(project.units.length * 2, { timeout: 30_000 });
  }
  await expect(table.getByText(/^Failed/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as inspected: 1 item missing' })).toBeVisible();

  await page.getByLabel('Add a photo').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /^Site photo 1, / })).toBeVisible();
  await expect(page.getByText('Nothing is missing: the project is ready for inspection.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as inspected', exact: true }).click();
  await expect(page.getByText('The project has been inspected: its record is complete.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save all tests' })).toHaveCount(0);
});
