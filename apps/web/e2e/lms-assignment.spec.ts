import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { CSV, XLSX } from '@meltway/shared/academy/test/spreadsheets';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiToken, signInThroughPage } from './support/session';

/** A 1×1 PNG: a picture named .csv is refused by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const COURSE = 'Installing heated driveway mats';

/** Enrols the learner in the demo's first course (201, or 200 when already enrolled): the page's course choice lists it. */
async function enrolLearner(request: APIRequestContext, email: string) {
  const token = await apiToken(request, email, DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const courses = (await (await request.get('/api/v1/courses', { params: { pageSize: 100 } })).json()) as unknown;
  const list = (Array.isArray(courses) ? courses : (courses as { items: unknown[] }).items) as { id: string; courseTitle: string }[];
  const course = list.find((c) => c.courseTitle === COURSE)!;
  const enrolment = await request.post(`/api/v1/courses/${course.id}/enrolment`, { headers });
  expect([200, 201]).toContain(enrolment.status());
  const mine = (await (await request.get('/api/v1/me/courses', { headers })).json()) as { courseId: string }[];
  expect(mine.map((c) => c.courseId)).toContain(course.id);
  return course.id;
}

async function signInTo(page: Page, path: string, email: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(path);
}

async function handIn(page: Page, name: string, buffer: Buffer, mimeType: string) {
  await page.getByLabel(/Your file/).setInputFiles({ name, mimeType, buffer });
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

test('a learner hands in a .csv and an .xlsx, a picture named .csv is refused, an admin grades one and the learner sees the grade', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const csvName = `zone-loads-${stamp}.csv`;
  const xlsxName = `zone-loads-${stamp}.xlsx`;
  await enrolLearner(request, DEMO.contractor);

  await signInTo(page, '/lms/assignment', DEMO.contractor);
  await expect(page).toHaveTitle('Assignment · Meltway');
  await expect(page.getByRole('heading', { name: 'Assignment 1: Data Analysis and Visualization', level: 1 })).toBeVisible();
  // The learner may be enrolled in several demo courses: the one handed in for is chosen.
  await page.getByLabel('Course').selectOption({ label: COURSE });
  await expect(page.getByLabel('Course')).toHaveValue(/.+/);
  await expect(page.getByText('Add file', { exact: true })).toBeVisible();
  await expectAccessible(page, 'file assignment');

  // Nothing chosen: the page says so before sending anything.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Please choose a file')).toBeVisible();

  // A picture renamed .csv passes the name check, and the server refuses it from its bytes.
  await handIn(page, `photo-${stamp}.csv`, PNG, 'text/csv');
  await expect(page.getByRole('alert').filter({ hasText: 'Only .xlsx, .xls and .csv files are allowed' })).toBeVisible();
  await expectAccessible(page, 'refused file');

  // Cancel puts the chooser back to "Add file".
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Add file', { exact: true })).toBeVisible();

  await handIn(page, csvName, CSV, 'text/csv');
  await expect(page.getByText(`${csvName} was handed in.`)).toBeVisible();
  await handIn(page, xlsxName, XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  await expect(page.getByText(`${xlsxName} was handed in.`)).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your submissions' });
  await expect(mine.getByRole('listitem', { name: csvName })).toContainText('Not graded yet');
  await expect(mine.getByRole('listitem', { name: xlsxName })).toContainText(COURSE);
  await expectAccessible(page, 'submissions handed in');

  // An admin grades the .csv with a comment.
  const staff = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const admin = await staff.newPage();
  await signInTo(admin, '/dashboard/submissions', DEMO.admin);
  await expect(admin.getByRole('heading', { name: 'Submissions', level: 1 })).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Submissions', exact: true })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: csvName });
  await expect(row).toBeVisible();
  await expectAccessible(admin, 'dashboard submissions');
  const download = admin.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${csvName}` }).click();
  expect((await download).suggestedFilename()).toBe(csvName);
  await row.getByRole('button', { name: `Grade ${csvName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Grade ${csvName}` });
  await dialog.getByLabel('Grade (0 to 100)').fill('101');
  await dialog.getByRole('button', { name: 'Save grade' }).click();
  await expect(dialog.getByText('Grade must be a whole number from 0 to 100')).toBeVisible();
  await dialog.getByLabel('Grade (0 to 100)').fill('92');
  await dialog.getByLabel('Comment').fill('Clear load table. Add the breaker size of zone 2.');
  await expectAccessible(admin, 'grade dialog');
  await dialog.getByRole('button', { name: 'Save grade' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('92/100');
  await staff.close();

  // The learner sees the grade and the comment.
  await page.reload();
  const graded = page.getByRole('region', { name: 'Your submissions' }).getByRole('listitem', { name: csvName });
  await expect(graded).toContainText('Grade: 92/100');
  await expect(graded).toContainText('Clear load table. Add the breaker size of zone 2.');
  await expect(page.getByRole('region', { name: 'Your submissions' }).getByRole('listitem', { name: xlsxName })).toContainText('Not graded yet');
});

test('a visitor is asked to sign in first, and comes back to the assignment', async ({ page }) => {
  await page.goto('/lms/assignment');
  await expect(page).toHaveURL('/login?redirect=%2Flms%2Fassignment');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/lms/assignment');
  await expect(page.getByRole('heading', { name: 'Assignment 1: Data Analysis and Visualization', level: 1 })).toBeVisible();
});

test('@phone the file assignment and the submissions page fit a phone', async ({ page, request }) => {
  test.setTimeout(60_000);
  const name = `phone-loads-${Date.now()}.csv`;
  await enrolLearner(request, DEMO.customer);
  await signInTo(page, '/lms/assignment', DEMO.customer);
  await handIn(page, name, CSV, 'text/csv');
  await expect(page.getByText(`${name} was handed in.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your submissions' }).getByRole('listitem', { name })).toContainText('Not graded yet');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'file assignment on a phone');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInTo(page, '/dashboard/submissions', DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Submissions', level: 1 })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'dashboard submissions on a phone');
});
