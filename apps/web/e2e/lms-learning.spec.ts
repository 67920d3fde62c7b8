import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { adminToken } from './support/dashboard';
import { apiToken, signInThroughPage } from './support/session';
import { withoutVideoSite } from './support/video';

/** A published course of two sections whose title has accents: a video and a PDF lesson, then two videos. */
async function makeCourse(request: APIRequestContext, suffix: string) {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const [authors, docs] = await Promise.all([
    request.get('/api/v1/authors', { headers: auth }).then((r) => r.json() as Promise<{ id: string }[]>),
    request.get('/api/v1/docs', { headers: auth }).then((r) => r.json() as Promise<{ id: string }[]>),
  ]);
  const title = `Déneigement des allées ${suffix}`;
  const res = await request.post('/api/v1/courses', {
    headers: auth,
    data: {
      courseTitle: title,
      description: 'Câbles chauffants sous les allées et les entrées.',
      author: authors[0]!.id,
      status: 'published',
      sections: [
        {
          title: 'Préparer le terrain',
          lessons: [
            { title: 'Bienvenue au cours', type: 'video', duration: '2:10', videoId: 'aaaaaaaaaaa' },
            { title: 'Liste de vérification', type: 'pdf', pdfLink: docs[0]!.id },
          ],
        },
        {
          title: 'Poser les câbles',
          lessons: [
            { title: 'Dérouler le câble', type: 'video', duration: '4:05', videoId: 'bbbbbbbbbbb', slidesDocumentId: docs[0]!.id },
            { title: 'Raccorder la commande', type: 'video', duration: '3:00', videoId: 'ccccccccccc' },
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, title };
}

test('a contractor finds a course without typing its accents, enrols after signing in, learns, and resumes on another browser', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const suffix = `x${Date.now().toString(36)}`;
  const course = await makeCourse(request, suffix);
  const me = (await (await request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${await apiToken(request, DEMO.contractor, DEMO_PASSWORD)}` } })).json()) as { fullname: string };
  await withoutVideoSite(page);

  // The catalogue, as a visitor: an accent-less search, kept in the address.
  await page.goto('/lms');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore the world of online learning' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Installing heated driveway mats' })).toBeVisible();
  await expectAccessible(page, '/lms');
  await page.getByRole('searchbox', { name: 'Search the courses' }).fill(`deneigement allees ${suffix}`);
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(new RegExp(`/lms\\?q=deneigement\\+allees\\+${suffix}$`));
  await expect(page.getByText(`1 course for “deneigement allees ${suffix}”`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Installing heated driveway mats' })).toHaveCount(0);
  await page.getByRole('link', { name: course.title }).click();

  // The course page: syllabus and instructor; Enroll sends a visitor to sign in, then comes back, enrols and opens the player.
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Syllabus' })).toBeVisible();
  await expect(page.getByText('Section 2: Poser les câbles')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About the instructor' })).toBeVisible();
  await expectAccessible(page, 'course page');
  await page.getByRole('button', { name: 'Enroll' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInThroughPage(page, DEMO.contractor, DEMO_PASSWORD);
  await expect(page).toHaveURL(`/lms/course/${course.id}`);

  // First visit: the first lesson of the first section, a video: opening it counts nothing, watching it will.
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue au cours' })).toBeVisible();
  const video = page.locator('iframe');
  await expect(video).toHaveAttribute('src', /^https:\/\/video\.e2e\.test\/embed\/aaaaaaaaaaa\?enablejsapi=1&cc_load_policy=1&cc_lang_pref=fr&hl=en&origin=http%3A%2F%2F127\.0\.0\.1%3A\d+$/);
  await expect(page.getByText('Watch the video to the end to complete this lesson. Watched: 0:00 of 2:10.')).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Table of Contents' });
  await expect(toc.getByRole('button', { name: /Bienvenue au cours 2:10$/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('button', { name: 'Next lesson: Liste de vérification' })).toBeVisible();
  await expect(page.getByText('Lesson Slides')).toHaveCount(0);
  await expectAccessible(page, 'player');

  // The PDF lesson opens in a new tab; the player stays on its lesson.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), toc.getByRole('button', { name: /Liste de vérification/ }).click()]);
  await expect.poll(() => tab.url()).toMatch(/\/uploads\/.+\.pdf$/);
  await tab.close();
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue au cours' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
  await expect(toc.getByRole('button', { name: /Liste de vérification seen$/ })).toBeVisible();

  // One section open at a time: opening the second closes the first.
  await toc.getByRole('button', { name: 'Poser les câbles' }).click();
  await expect(toc.getByRole('button', { name: 'Préparer le terrain' })).toHaveAttribute('aria-expanded', 'false');
  await toc.getByRole('button', { name: /Dérouler le câble/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dérouler le câble' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
  await expect(page.getByText('Lesson Slides')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next lesson: Raccorder la commande' })).toBeVisible();

  // A question under the lesson: an empty one is refused, a real one is listed until staff answer.
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByText('Write your question first')).toBeVisible();
  await page.getByLabel('Ask a question about this lesson').fill('Quel espacement entre les câbles ?');
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByRole('list', { name: 'Your questions' }).getByText('Quel espacement entre les câbles ?')).toBeVisible();
  await expect(page.getByText('Waiting for a reply')).toBeVisible();

  // Another browser: the same learner resumes at the lesson they were on.
  const other = await browser.newContext();
  const second = await other.newPage();
  await withoutVideoSite(second);
  await second.goto(`/lms/course/${course.id}`);
  await signInThroughPage(second, DEMO.contractor, DEMO_PASSWORD);
  await expect(second).toHaveURL(`/lms/course/${course.id}`);
  await expect(second.getByRole('heading', { level: 1, name: 'Dérouler le câble' })).toBeVisible();
  await expect(second.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
  await other.close();

  // The learner home: the real name, the course with its percent, the next lesson due; then in French.
  await page.goto('/lms/home');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome Back, ${me.fullname}` })).toBeVisible();
  const enrolled = page.getByRole('region', { name: 'Enrolled Courses' });
  const card = enrolled.getByRole('listitem').filter({ hasText: course.title });
  await expect(card.getByText('25%')).toBeVisible();
  // This course's entry (a retry on the same data finds the first attempt's course too): the video opened but not watched.
  await expect(page.getByRole('region', { name: 'Next Lesson Due' }).getByRole('listitem').filter({ hasText: course.title }).getByRole('link', { name: 'Bienvenue au cours' })).toBeVisible();
  await expectAccessible(page, '/lms/home');
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bon retour, ${me.fullname}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cours suivis' })).toBeVisible();
  await expectAccessible(page, '/lms/home in French');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome Back, ${me.fullname}` })).toBeVisible();

  // The home's search leads to the catalogue's.
  await page.getByRole('searchbox', { name: 'Search the courses' }).fill('DÉNEIGEMENT');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/\/lms\?q=D%C3%89NEIGEMENT$/);
  await expect(page.getByRole('link', { name: course.title })).toBeVisible();

  // Back on the course page, an enrolled learner sees Continue and their progress.
  await page.goto(`/lms/courses/${course.id}`);
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
  await expect(page.getByText('Your progress: 25%')).toBeVisible();
});

test('a signed-out visitor is asked to sign in for the player and the learner home; an empty search says so', async ({ page }) => {
  await page.goto('/lms/home');
  await expect(page).toHaveURL('/login?redirect=%2Flms%2Fhome');
  await page.goto('/lms?q=zzzznothingmatches');
  await expect(page.getByText('No course matches your search')).toBeVisible();
  await expectAccessible(page, 'empty search');
});

test('@phone the catalogue, course page, player and home at phone width', async ({ page, request }) => {
  test.setTimeout(90_000);
  const course = await makeCourse(request, `p${Date.now().toString(36)}`);
  await withoutVideoSite(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto('/login?redirect=%2Flms');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  await expect(page).toHaveURL('/lms');
  // The newest course comes first (the demo's may be on a later page once the journeys have added a dozen).
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/lms at phone width');

  await page.goto(`/lms/courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Enroll' }).click();
  await expect(page).toHaveURL(`/lms/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue au cours' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'player at phone width');
  // The table of contents comes before the lesson's questions, folded until asked for.
  const contents = page.getByRole('button', { name: 'Table of Contents' });
  await expect(contents).toHaveAttribute('aria-expanded', 'false');
  const above = await page.evaluate(() => {
    const nav = document.querySelector('nav[aria-labelledby="toc-heading"]')!;
    const questions = document.getElementById('questions-heading')!;
    return nav.getBoundingClientRect().bottom <= questions.getBoundingClientRect().top;
  });
  expect(above).toBe(true);
  await expect(page.getByRole('button', { name: /Dérouler le câble/ })).toBeHidden();
  await contents.click();
  await expect(contents).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Poser les câbles' }).click();
  await page.getByRole('button', { name: /Dérouler le câble/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dérouler le câble' })).toBeVisible();
  // Choosing a lesson folds the contents again.
  await expect(contents).toHaveAttribute('aria-expanded', 'false');
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/lms/home');
  await expect(page.getByRole('region', { name: 'Enrolled Courses' }).getByText(course.title)).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/lms/home at phone width');
});
