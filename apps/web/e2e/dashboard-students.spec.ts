import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { newestMailTo, resetLinkIn } from './support/mail';
import { apiToken, signInThroughPage } from './support/session';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MATS = 'Installing heated driveway mats';
const CONTROLS = 'Servicing snowmelt controls and sensors';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await signInThroughPage(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

async function openStudents(page: Page) {
  // Below the 768 px breakpoint the sidebar is a menu behind a button.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Student', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Students Management', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Students Management' });
const rowOf = (page: Page, text: string, course: string) => table(page).getByRole('row').filter({ hasText: text }).filter({ hasText: course });

/** Enrols an existing account through the API, as the dashboard's dialog does (already enrolled on a second run is fine). */
async function enrolThroughApi(request: APIRequestContext, email: string, courseTitle: string) {
  const token = await apiToken(request, DEMO.admin, DEMO_PASSWORD);
  const courses = (await (await request.get('/api/v1/courses')).json()) as { id: string; courseTitle: string }[];
  const course = courses.find((c) => c.courseTitle === courseTitle);
  expect(course, courseTitle).toBeTruthy();
  const response = await request.post('/api/v1/students', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { name: JSON.stringify({ en: 'Luc Gagnon', fr: 'Luc Gagnon' }), email, courseId: course!.id },
  });
  expect([201, 409], await response.text()).toContain(response.status());
  if (response.status() === 201) expect(((await response.json()) as { invited: boolean }).invited).toBe(false);
}

test('an admin adds a student, who is invited by mail and listed at 0 %, then removes them after confirming', async ({ page }) => {
  const email = uniqueEmail('student');
  const name = `Maya Tremblay ${Date.now()}`;
  await signIn(page, DEMO.admin);
  await openStudents(page);
  await expect(page).toHaveTitle('Students Management · Meltway');
  await expect(table(page).getByRole('columnheader')).toContainText(['Course ID', 'Student Name', 'Progress', 'Last Activity', 'Avg. Quiz Score', 'Quizzes Taken', 'Quizzes Missed', 'Created At']);
  await expectAccessible(page, 'students');

  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Student' });
  // Every bad field says what is wrong, in the browser first, then from the server.
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Student name is required')).toBeVisible();
  await expect(dialog.getByText('Invalid email format')).toBeVisible();
  await expect(dialog.getByText('Please select a course')).toBeVisible();
  await dialog.getByLabel('Name (English)').fill(name);
  await dialog.getByLabel('Name (French)').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Course').selectOption({ label: MATS });
  await dialog.getByLabel('Image').setInputFiles({ name: 'maya.png', mimeType: 'image/png', buffer: PNG });
  await expectAccessible(page, 'add student dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} was enrolled and invited by email to set a password`)).toBeVisible();

  const mail = await newestMailTo(email);
  expect(mail).toContain(`Hello ${name}`);
  expect(resetLinkIn(mail).pathname).toBe('/reset');

  const row = rowOf(page, name, MATS);
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar', { name: `Progress of ${name} in ${MATS}` })).toHaveAttribute('aria-valuenow', '0');
  await expect(row).toContainText('0 %');
  await expect(row).toContainText('Never');

  // The same person again is refused at the email field.
  await page.getByRole('button', { name: 'Add Student' }).click();
  await dialog.getByLabel('Name (English)').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Course').selectOption({ label: MATS });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This learner is already enrolled in this course')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Delete asks first; Cancel keeps the row, Delete removes it.
  await row.getByRole('button', { name: `Delete ${name} from ${MATS}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${name} from this course?` });
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name} from ${MATS}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was removed from ${MATS}`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(table(page)).toBeVisible();
  await expect(rowOf(page, name, MATS)).toHaveCount(0);
});

test('a learner enrolled through the API is listed, found by search and by course', async ({ page, request }) => {
  await enrolThroughApi(request, DEMO.contractor, CONTROLS);
  await signIn(page, DEMO.admin);
  await openStudents(page);
  await expect(rowOf(page, 'Luc Gagnon', CONTROLS)).toBeVisible();
  await page.getByPlaceholder('Search by name or email…').fill(DEMO.contractor);
  await expect(table(page).getByRole('row').filter({ hasText: 'Luc Gagnon' })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: CONTROLS }).click();
  await expect(table(page).getByRole('row').filter({ hasText: 'Luc Gagnon' })).toHaveCount(1);
  await expect(rowOf(page, 'Luc Gagnon', CONTROLS)).toBeVisible();
  await expect(page).toHaveURL(/course=/);
});

test('a dealer sees its own contractors’ progress only, without Add or Delete', async ({ page, request }) => {
  await enrolThroughApi(request, DEMO.contractor, CONTROLS);
  await signIn(page, DEMO.dealer);
  await openStudents(page);
  await expect(page.getByText('Your contractors enrolled in a course, with their progress and quiz results.')).toBeVisible();
  await expect(rowOf(page, 'Luc Gagnon', MATS)).toBeVisible();
  await expect(rowOf(page, 'Luc Gagnon', CONTROLS)).toBeVisible();
  // The demo customer is enrolled in the mats course too, but is nobody's contractor.
  await expect(table(page).getByText(DEMO.customer)).toHaveCount(0);
  await expect(table(page).getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).filter({ hasNotText: 'Luc Gagnon' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Student' })).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expectAccessible(page, 'students as a dealer');
});

test('the students page at 375 px: no sideways scrolling, the dialog fits @phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DEMO.admin);
  await openStudents(page);
  await expect(rowOf(page, 'Luc Gagnon', MATS)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'students at 375 px');
  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Student' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'add student dialog at 375 px');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
