import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { signInThroughPage } from './support/session';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The smallest file the server recognises as a PDF from its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** Bigger than the 2 MB a cover may be, yet an image by its type. */
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
}

async function openFromMenu(page: Page, link: string, heading: string) {
  // Below the 768 px breakpoint the sidebar is a menu behind a button.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

const section = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}`, exact: true });
const lesson = (scope: Locator, n: number) => scope.getByRole('group', { name: `Lesson ${n}`, exact: true });

async function fillVideoLesson(scope: Locator, title: string, duration: string, videoId: string) {
  await scope.getByLabel('Lesson Title', { exact: true }).fill(title);
  await scope.getByLabel('Duration').fill(duration);
  await scope.getByLabel('Video ID').fill(videoId);
}

test('an admin builds and edits a whole course: author, PDF, assignment, then the course itself', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const authorName = `Chantal Gagnon ${stamp}`;
  const docName = `Slab checklist ${stamp}`;
  const assignmentTitle = `Mat safety quiz ${stamp}`;
  const courseTitle = `Heated walkway installation ${stamp}`;

  await signInAsAdmin(page);

  // An author with a picture.
  await openFromMenu(page, 'Authors', 'Authors');
  await expect(page).toHaveTitle('Authors · Meltway');
  await expectAccessible(page, 'authors');
  await page.getByRole('button', { name: 'Add Author' }).click();
  const authorDialog = page.getByRole('dialog', { name: 'Add an author' });
  await authorDialog.getByLabel('Name').fill(authorName);
  await authorDialog.getByLabel('Description').fill('Master electrician who has installed snowmelt systems across Quebec since 2004.');
  await authorDialog.getByLabel('Image').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG });
  await expect(authorDialog.getByRole('img', { name: 'Preview of Image' })).toBeVisible();
  await expectAccessible(page, 'author dialog');
  await authorDialog.getByRole('button', { name: 'Add Author' }).click();
  await expect(authorDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Authors' }).getByText(authorName)).toBeVisible();

  // A PDF document: anything else is refused before it is sent.
  await openFromMenu(page, 'Documents', 'Documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const docDialog = page.getByRole('dialog', { name: 'Upload a PDF document' });
  await docDialog.getByLabel('PDF file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(docDialog.getByText('Only PDF files are allowed')).toBeVisible();
  await docDialog.getByLabel('PDF file').setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  await docDialog.getByLabel('Name').fill(docName);
  await expectAccessible(page, 'document dialog');
  await docDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(docDialog).toBeHidden();
  const docs = page.getByRole('table', { name: 'Documents' });
  await expect(docs.getByText(docName)).toBeVisible();
  await expectAccessible(page, 'documents');
  const opened = page.waitForEvent('popup');
  await docs.getByRole('button', { name: `Open ${docName}` }).click();
  const pdf = await opened;
  await expect(pdf).toHaveURL(/\/uploads\/.+\.pdf$/);
  await pdf.close();

  // An assignment: removing an earlier answer moves the correct one with it.
  await openFromMenu(page, 'Assignments', 'Assignments');
  await expectAccessible(page, 'assignments');
  await page.getByRole('link', { name: 'Add Assignment' }).click();
  await expect(page.getByRole('heading', { name: 'Add Assignment', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(page.getByText('Assignment title is required')).toBeVisible();
  await expect(page.getByText('Question text is required')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(assignmentTitle);
  await page.getByLabel('Question text').fill('What protects every snowmelt circuit?');
  await page.getByLabel('Answer 1', { exact: true }).fill('A fuse only');
  await page.getByLabel('Answer 2', { exact: true }).fill('Nothing');
  await page.getByRole('button', { name: 'Add answer' }).click();
  await page.getByLabel('Answer 3', { exact: true }).fill('A 30 mA ground-fault device');
  await page.getByRole('radio', { name: 'Answer 3 is correct' }).check();
  await page.getByRole('button', { name: 'Remove answer 1' }).click();
  await expect(page.getByLabel('Answer 2', { exact: true })).toHaveValue('A 30 mA ground-fault device');
  await expect(page.getByRole('radio', { name: 'Answer 2 is correct' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Answer 1 is correct' })).not.toBeChecked();
  await expectAccessible(page, 'assignment builder');
  await page.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(page).toHaveURL('/dashboard/assignments');
  await page.getByRole('link', { name: assignmentTitle }).click();
  await expect(page.getByRole('heading', { name: 'Edit Assignment', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Answer 2', { exact: true })).toHaveValue('A 30 mA ground-fault device');
  await expect(page.getByRole('radio', { name: 'Answer 2 is correct' })).toBeChecked();

  // The course: a cover that is not an image, or too big, is refused by the page.
  await openFromMenu(page, 'Courses', 'Course Management');
  await expect(page).toHaveTitle('Course Management · Meltway');
  await expectAccessible(page, 'course management');
  await page.getByRole('link', { name: 'Add Course' }).click();
  await expect(page).toHaveURL('/dashboard/courses/add');
  await expect(page.getByRole('heading', { name: 'Build Course Table of Contents' })).toBeVisible();
  const cover = page.getByLabel('Course Cover Image');
  await cover.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only image files are allowed')).toBeVisible();
  await cover.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: BIG_PNG });
  await expect(page.getByText('File size must be less than 2MB')).toBeVisible();
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of Course Cover Image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Image' })).toBeVisible();

  await page.getByLabel('Course Title', { exact: true }).fill(courseTitle);
  await page.getByLabel('Course Description', { exact: true }).fill('From the slab to the controller: lay heating mats under pavers and test every circuit.');
  await page.getByLabel('Author').selectOption({ label: authorName });
  const first = section(page, 1);
  await first.getByLabel('Section Title', { exact: true }).fill('Getting started');
  await fillVideoLesson(lesson(first, 1), 'Welcome', '5:20', 'dQw4w9WgXcQ');
  await first.getByRole('button', { name: '+ Add Lesson' }).click();
  await lesson(first, 2).getByLabel('Lesson Title', { exact: true }).fill('Slab checklist');
  await lesson(first, 2).getByLabel('Lesson type').selectOption('pdf');
  await lesson(first, 2).getByLabel('Document').selectOption({ label: docName });
  await first.getByRole('button', { name: '+ Add Lesson' }).click();
  await lesson(first, 3).getByLabel('Lesson Title', { exact: true }).fill('Safety quiz');
  await lesson(first, 3).getByLabel('Lesson type').selectOption('assignment');
  await lesson(first, 3).getByLabel('Assignment').selectOption({ label: assignmentTitle });
  await expectAccessible(page, 'course builder');
  await page.getByRole('button', { name: 'Save Course Content' }).click();
  await expect(page.getByText('Course created successfully!')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/courses');

  // Found in Course Management, then edited: the quiz moves up one place.
  await page.getByRole('searchbox', { name: 'Filter Course...' }).fill(courseTitle);
  const courses = page.getByRole('table', { name: 'Course Management' });
  await expect(courses.getByRole('row')).toHaveCount(2);
  await courses.getByRole('button', { name: `Actions for ${courseTitle}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Course', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText('Edit Course');
  await expect(page.getByLabel('Course Title', { exact: true })).toHaveValue(courseTitle);
  await expect(lesson(section(page, 1), 3).getByLabel('Lesson Title', { exact: true })).toHaveValue('Safety quiz');
  await section(page, 1).getByRole('button', { name: 'Move lesson Safety quiz up' }).click();
  await expect(lesson(section(page, 1), 2).getByLabel('Lesson Title', { exact: true })).toHaveValue('Safety quiz');
  await expect(section(page, 1).getByRole('button', { name: 'Move lesson Safety quiz up' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Course Management' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Save Course Content' }).click();
  await expect(page.getByText('Course saved successfully!')).toBeVisible();

  await page.reload();
  const saved = section(page, 1);
  await expect(lesson(saved, 1).getByLabel('Lesson Title', { exact: true })).toHaveValue('Welcome');
  await expect(lesson(saved, 2).getByLabel('Lesson Title', { exact: true })).toHaveValue('Safety quiz');
  await expect(lesson(saved, 2).getByLabel('Assignment')).toHaveValue(/.+/);
  await expect(lesson(saved, 3).getByLabel('Lesson Title', { exact: true })).toHaveValue('Slab checklist');
  await expect(lesson(saved, 1).getByLabel('Duration')).toHaveValue('5:20');
  await expect(page.getByRole('img', { name: 'Preview of Course Cover Image' })).toBeVisible();

  // The author a course names cannot go.
  await openFromMenu(page, 'Authors', 'Authors');
  await page.getByRole('searchbox', { name: 'Filter authors...' }).fill(authorName);
  await page.getByRole('button', { name: `Delete ${authorName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('already linked to course')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Authors' }).getByText(authorName)).toBeVisible();

  // View Details opens the learner's page; a course learners are enrolled in cannot be deleted; this one can.
  await openFromMenu(page, 'Courses', 'Course Management');
  const list = page.getByRole('table', { name: 'Course Management' });
  await page.getByRole('searchbox', { name: 'Filter Course...' }).fill(courseTitle);
  await list.getByRole('button', { name: `Actions for ${courseTitle}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/lms\/courses\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(list).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter Course...' }).fill('Installing heated driveway mats');
  const seeded = 'Installing heated driveway mats';
  await list.getByRole('button', { name: `Actions for ${seeded}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/Learners are enrolled in this course, so it cannot be deleted/)).toBeVisible();
  await expect(list.getByRole('link', { name: seeded, exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter Course...' }).fill(courseTitle);
  await list.getByRole('button', { name: `Actions for ${courseTitle}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${courseTitle} was deleted.`)).toBeVisible();
  await expect(list.getByRole('link', { name: courseTitle })).toHaveCount(0);
});

test('an admin replies to a learner’s comment and the reply shows in its row', async ({ page }) => {
  await signInAsAdmin(page);
  await openFromMenu(page, 'Courses Comments/Questions', 'Courses Comments/Questions');
  const table = page.getByRole('table', { name: 'Courses Comments/Questions' });
  await expect(table.getByRole('button', { name: /^Reply to / }).first()).toBeVisible();
  await expectAccessible(page, 'comments');

  const reply = `Yes: lay the mat before the sand bed. (${Date.now()})`;
  await table.getByRole('button', { name: /^Reply to / }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reply').fill('   ');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Reply cannot be empty')).toBeVisible();
  await expectAccessible(page, 'reply dialog');
  await dialog.getByLabel('Reply').fill(reply);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText(reply)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Courses Comments/Questions' }).getByText(reply)).toBeVisible();
});

test('an admin adds and edits certifications: one per course, a passing score from 0 to 100, attempts allowed and the wait, validity and skills', async ({ page }) => {
  await signInAsAdmin(page);
  await openFromMenu(page, 'Certification', 'Certification');
  const table = page.getByRole('table', { name: 'Certification' });
  const seeded = 'Certified Heated Mat Installer';
  await expect(table.getByText(seeded)).toBeVisible();
  await expectAccessible(page, 'certifications');

  await page.getByRole('button', { name: 'Add Certification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a certification' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Driveway mats, second badge ${Date.now()}`);
  await dialog.getByLabel('Course').selectOption({ label: 'Installing heated driveway mats' });
  await dialog.getByLabel('Passing score').fill('150');
  await dialog.getByRole('button', { name: 'Add Certification' }).click();
  await expect(dialog.getByText('Passing score must be a whole number from 0 to 100')).toBeVisible();
  await dialog.getByLabel('Passing score').fill('70');
  await dialog.getByLabel('Image').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: PNG });
  await expectAccessible(page, 'certification dialog');
  await dialog.getByRole('button', { name: 'Add Certification' }).click();
  await expect(dialog.getByText('This course already awards a certification')).toBeVisible();
  await page.keyboard.press('Escape');

  await table.getByRole('button', { name: `Edit ${seeded}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${seeded}` });
  await expect(edit.getByLabel('Course')).not.toHaveValue('');
  await edit.getByLabel('Passing score').fill('75');
  // Attempts allowed, the wait before more, validity and skills: checked, kept, and shown again.
  await expect(edit.getByLabel('Attempts allowed')).toHaveValue('3');
  await expect(edit.getByLabel('Wait before more attempts (hours)')).toHaveValue('24');
  await edit.getByLabel('Attempts allowed').fill('0');
  await edit.getByLabel('Wait before more attempts (hours)').fill('721');
  await edit.getByLabel('Valid for (months)').fill('241');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Attempts allowed must be a whole number from 1 to 100')).toBeVisible();
  await expect(edit.getByText('The wait before more attempts must be a whole number of hours from 0 to 720')).toBeVisible();
  await expect(edit.getByText('Validity must be a whole number of months from 1 to 240, or empty if it does not expire')).toBeVisible();
  await edit.getByLabel('Attempts allowed').fill('10');
  await edit.getByLabel('Wait before more attempts (hours)').fill('48');
  await edit.getByLabel('Valid for (months)').fill('24');
  await edit.getByLabel('Skills', { exact: true }).fill('Laying mats on a compacted base\nTesting insulation before and after paving');
  await edit.getByLabel('Skills in French (optional)').fill('Pose de tapis sur une base compactée\nEssai d’isolement avant et après le pavage');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: seeded }).getByText('75 %')).toBeVisible();
  await table.getByRole('button', { name: `Edit ${seeded}` }).click();
  await expect(edit.getByLabel('Attempts allowed')).toHaveValue('10');
  await expect(edit.getByLabel('Wait before more attempts (hours)')).toHaveValue('48');
  await expect(edit.getByLabel('Valid for (months)')).toHaveValue('24');
  await expect(edit.getByLabel('Skills', { exact: true })).toHaveValue('Laying mats on a compacted base\nTesting insulation before and after paving');
  await expect(edit.getByLabel('Skills in French (optional)')).toHaveValue('Pose de tapis sur une base compactée\nEssai d’isolement avant et après le pavage');
  await page.keyboard.press('Escape');
});

test('@phone the course builder works at phone width', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const authorName = `Phone author ${stamp}`;
  const courseTitle = `Phone-built course ${stamp}`;
  await signInAsAdmin(page);

  await openFromMenu(page, 'Authors', 'Authors');
  await page.getByRole('button', { name: 'Add Author' }).click();
  const authorDialog = page.getByRole('dialog', { name: 'Add an author' });
  await authorDialog.getByLabel('Name').fill(authorName);
  await authorDialog.getByRole('button', { name: 'Add Author' }).click();
  await expect(authorDialog).toBeHidden();

  await openFromMenu(page, 'Courses', 'Course Management');
  await expectAccessible(page, 'course management on a phone');
  await page.getByRole('link', { name: 'Add Course' }).click();
  await expect(page.getByRole('heading', { name: 'Build Course Table of Contents' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByLabel('Course Title', { exact: true }).fill(courseTitle);
  await page.getByLabel('Author').selectOption({ label: authorName });
  await page.getByLabel('Status').selectOption('draft');
  await section(page, 1).getByLabel('Section Title', { exact: true }).fill('Tools');
  await fillVideoLesson(lesson(section(page, 1), 1), 'Unboxing', '2:05', 'abcDEF12345');
  await page.getByRole('button', { name: '+ Add Section' }).click();
  await section(page, 2).getByLabel('Section Title', { exact: true }).fill('Wiring');
  await fillVideoLesson(lesson(section(page, 2), 1), 'Thermostat', '12:40', 'xyz_-987');
  await section(page, 2).getByRole('button', { name: 'Move section Wiring up' }).click();
  await expect(section(page, 1).getByLabel('Section Title', { exact: true })).toHaveValue('Wiring');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'course builder on a phone');

  await page.getByRole('button', { name: 'Save Course Content' }).click();
  await expect(page.getByText('Course created successfully!')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter Course...' }).fill(courseTitle);
  const row = page.getByRole('table', { name: 'Course Management' }).getByRole('row').filter({ hasText: courseTitle });
  await expect(row.getByText('Draft')).toBeVisible();
});

test('dealers neither see the academy pages in the menu nor can open them', async ({ page }) => {
  await page.goto('/login');
  await signInThroughPage(page, DEMO.dealer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  for (const link of ['Authors', 'Assignments', 'Certification', 'Documents', 'Courses', 'Courses Comments/Questions']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toHaveCount(0);
  }
  for (const path of ['/dashboard/courses', '/dashboard/courses/add', '/dashboard/author', '/dashboard/comments']) {
    await page.goto(path);
    await expect(page.getByText('Not available for your account')).toBeVisible();
  }
});
