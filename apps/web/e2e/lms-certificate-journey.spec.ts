import { inflateSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { APPROVED_DEALER, DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { adminToken, contractorIdByEmail, dealerIdByName, registerContractor } from './support/dashboard';
import { apiToken, signInThroughPage } from './support/session';
import { withoutVideoSite, withTestVideoSite } from './support/video';

/**
 * Issue 13's journey: a contractor of a dealer finds a course by search, enrols, watches a video lesson (a test
 * page stands in for the video site), opens the PDF lesson in a new tab, fails the quiz then passes it, finishes the course and gets its
 * certificate, downloads the certificate's PDF (its text read back), and a signed-out visitor verifies
 * it; the learner resumes on a second browser; the dealer sees the contractor's progress in Students.
 */

const PASSWORD = 'Install1234';

/** The right answer of each question of the quiz below, by its text: the quiz shows them shuffled. */
const RIGHT: Record<string, string> = {
  'Which breaker protects a snowmelt circuit?': 'A ground-fault equipment protection breaker',
  'At what share of the breaker is a continuous load sized?': '80%',
};

/** A published course with a video and a PDF lesson, then a two-question quiz, awarding a certification that lasts 24 months. */
async function makeCertifiedCourse(request: APIRequestContext, suffix: string) {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const [authors, docs] = await Promise.all([
    request.get('/api/v1/authors', { headers: auth }).then((r) => r.json() as Promise<{ id: string; name: string }[]>),
    request.get('/api/v1/docs', { headers: auth }).then((r) => r.json() as Promise<{ id: string }[]>),
  ]);
  const quiz = await request.post('/api/v1/assignments', {
    headers: auth,
    data: {
      title: `Stair heating quiz ${suffix}`,
      questions: [
        { questionText: 'Which breaker protects a snowmelt circuit?', answers: ['A standard breaker', 'A ground-fault equipment protection breaker'], correctIndex: 1 },
        { questionText: 'At what share of the breaker is a continuous load sized?', answers: ['80%', '100%'], correctIndex: 0 },
      ],
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  const assignmentId = ((await quiz.json()) as { id: string }).id;
  const title = `Heated stairs and ramps ${suffix}`;
  const course = await request.post('/api/v1/courses', {
    headers: auth,
    data: {
      courseTitle: title,
      description: 'Heating cable on stairs, ramps and landings.',
      author: authors[0]!.id,
      status: 'published',
      sections: [
        {
          title: 'Stairs',
          lessons: [
            { title: 'Cable on a stair tread', type: 'video', duration: '0:10', videoId: 'ddddddddddd' },
            { title: 'Stair checklist', type: 'pdf', pdfLink: docs[0]!.id },
          ],
        },
        { title: 'Check', lessons: [{ title: 'Stair quiz', type: 'assignment', assignments: assignmentId }] },
      ],
    },
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { id: string }).id;
  const certification = await request.post('/api/v1/certifications', {
    headers: auth,
    multipart: {
      name: `Certified Stair Installer ${suffix}`,
      description: 'Lays heating cable on stairs and ramps to code.',
      courseId,
      passingScore: '100',
      validityMonths: '24',
      skills: 'Stair layouts\nGround-fault testing',
      skillsFr: 'Tracés pour escaliers\nEssai de défaut à la terre',
    },
  });
  expect(certification.status(), await certification.text()).toBe(201);
  return { id: courseId, title, certificationName: `Certified Stair Installer ${suffix}`, author: authors[0]!.name };
}

/** The text a PDF draws (the standard fonts' WinAnsi strings of each Tj operator, streams inflated). */
function pdfText(bytes: Buffer): string {
  const out: string[] = [];
  for (const m of bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(t[1] !== undefined ? Buffer.from(t[1], 'hex').toString('latin1') : t[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return out.join(' ');
}

test('a contractor goes from the catalogue to a certificate anyone can verify, and the dealer sees the progress', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const suffix = `s${Date.now().toString(36)}`;
  const course = await makeCertifiedCourse(request, suffix);

  // A new contractor of the demo dealer, approved by an admin.
  const email = uniqueEmail('learner');
  const fullname = `Rémi Tremblay ${suffix}`;
  await registerContractor(request, await dealerIdByName(request, APPROVED_DEALER), fullname, email);
  const approve = await request.post(`/api/v1/users/dealer/${await contractorIdByEmail(request, email)}/approve`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { status: 'approved' },
  });
  expect(approve.ok(), await approve.text()).toBe(true);

  await withTestVideoSite(page, { duration: 10 });
  await page.goto('/login?redirect=%2Flms');
  await signInThroughPage(page, email, PASSWORD);
  await expect(page).toHaveURL('/lms');

  // The catalogue finds the course by a word of its title, in any case.
  await page.getByRole('searchbox', { name: 'Search the courses' }).fill(`STAIRS ${suffix}`);
  await page.getByRole('button', { name: 'Go' }).click();
  await page.getByRole('link', { name: course.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll' }).click();
  await expect(page).toHaveURL(`/lms/course/${course.id}`);

  // The video lesson counts once watched (played to its end, in real time); the PDF lesson opens in a new tab and
  // the player stays put.
  await expect(page.getByRole('heading', { level: 1, name: 'Cable on a stair tread' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await page.frameLocator('iframe[title="Video: Cable on a stair tread"]').getByRole('button', { name: 'Play' }).click();
  await expect(page.getByText('Lesson completed: you have watched this video.')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  const toc = page.getByRole('navigation', { name: 'Table of Contents' });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), toc.getByRole('button', { name: /Stair checklist/ }).click()]);
  await expect.poll(() => tab.url()).toMatch(/\.pdf$/);
  await tab.close();
  await expect(page.getByRole('heading', { level: 1, name: 'Cable on a stair tread' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '66');

  // The quiz: one wrong answer fails it; with attempts left, nothing says which answer was wrong.
  await toc.getByRole('button', { name: 'Check', exact: true }).click();
  await toc.getByRole('button', { name: /Stair quiz/ }).click();
  const quiz = page.getByRole('region', { name: `Stair heating quiz ${suffix}` });
  await expect(quiz.getByText('Correct')).toHaveCount(0);
  await quiz.getByRole('group', { name: /Which breaker protects/ }).getByRole('radio', { name: 'A ground-fault equipment protection breaker' }).check();
  await quiz.getByRole('group', { name: /continuous load/ }).getByRole('radio', { name: '100%' }).check();
  await expectAccessible(page, 'quiz');
  await quiz.getByRole('button', { name: 'Submit' }).click();
  await expect(quiz.getByText('Your score: 50%')).toBeVisible();
  await expect(quiz.getByText('Not passed yet: 100% is needed.')).toBeVisible();
  await expect(quiz.getByRole('list', { name: 'Your answers' })).toHaveCount(0);
  await expect(progress).toHaveAttribute('aria-valuenow', '66');
  await quiz.getByRole('button', { name: 'Try again' }).click();
  await quiz.getByRole('group', { name: /Which breaker protects/ }).getByRole('radio', { name: 'A ground-fault equipment protection breaker' }).check();
  await quiz.getByRole('group', { name: /continuous load/ }).getByRole('radio', { name: '80%' }).check();
  await quiz.getByRole('button', { name: 'Submit' }).click();
  await expect(quiz.getByText('Your score: 100%')).toBeVisible();
  await expect(quiz.getByText('Passed', { exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  // After a pass, which answers were right.
  await expect(quiz.getByRole('list', { name: 'Your answers' }).getByText('Correct', { exact: true })).toHaveCount(2);

  // My Certifications: the certificate, its verification link and its PDF.
  await page.goto('/certification');
  await expect(page.getByRole('heading', { level: 1, name: 'My Certifications' })).toBeVisible();
  const certificate = page.getByRole('article', { name: course.certificationName });
  await expect(certificate).toBeVisible();
  await expect(certificate.getByText('Stair layouts')).toBeVisible();
  await expect(certificate.getByText('Valid')).toBeVisible();
  const link = await certificate.getByRole('link', { name: /\/verify\// }).getAttribute('href');
  const certificateId = /\/verify\/([^/?#]+)$/.exec(link ?? '')?.[1];
  expect(certificateId, `verification link ${link}`).toBeTruthy();
  await expectAccessible(page, '/certification');
  const [download] = await Promise.all([page.waitForEvent('download'), certificate.getByRole('button', { name: 'Download PDF' }).click()]);
  const text = pdfText(await readFile((await download.path())!));
  for (const expected of [fullname, course.title, certificateId!]) expect(text).toContain(expected);

  // The same page in French, and its PDF in French.
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes certifications' })).toBeVisible();
  await expect(certificate.getByText('Valide')).toBeVisible();
  // The skills as written in French, not the English ones.
  await expect(certificate.getByText('Tracés pour escaliers')).toBeVisible();
  await expect(certificate.getByText('Stair layouts')).toHaveCount(0);
  await expectAccessible(page, '/certification in French');
  const [frDownload] = await Promise.all([page.waitForEvent('download'), certificate.getByRole('button', { name: /PDF/ }).click()]);
  expect(pdfText(await readFile((await frDownload.path())!))).toContain(certificateId!);
  await page.getByRole('link', { name: 'English' }).click();

  // A signed-out visitor verifies it; an id that does not exist is simply not found.
  const visitor = await browser.newContext();
  const outside = await visitor.newPage();
  await outside.goto(`/verify/${certificateId}`);
  await expect(outside.getByText('This certificate is valid.')).toBeVisible();
  await expect(outside.getByText(fullname)).toBeVisible();
  await expect(outside.getByText(course.title)).toBeVisible();
  await expectAccessible(outside, '/verify/:id');
  await outside.goto('/verify/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
  await expect(outside.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await visitor.close();

  // A second browser: the learner resumes at the lesson they were on.
  const other = await browser.newContext();
  const second = await other.newPage();
  await withoutVideoSite(second);
  await second.goto(`/lms/course/${course.id}`);
  await signInThroughPage(second, email, PASSWORD);
  await expect(second).toHaveURL(`/lms/course/${course.id}`);
  await expect(second.getByRole('heading', { level: 1, name: 'Stair quiz' })).toBeVisible();
  await expect(second.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
  await other.close();

  // The contractor's dealer sees the progress in Students.
  const dealer = await browser.newContext();
  const dealerPage = await dealer.newPage();
  await dealerPage.goto('/login?redirect=%2Fdashboard%2Fstudents');
  await signInThroughPage(dealerPage, DEMO.dealer, DEMO_PASSWORD);
  await expect(dealerPage.getByRole('heading', { name: 'Students Management', level: 1 })).toBeVisible();
  await dealerPage.getByPlaceholder('Search by name or email…').fill(email);
  const row = dealerPage.getByRole('table', { name: 'Students Management' }).getByRole('row').filter({ hasText: fullname });
  await expect(row.getByRole('progressbar', { name: `Progress of ${fullname} in ${course.title}` })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(dealerPage, '/dashboard/students as the dealer');
  await dealer.close();
});

test('@phone a learner reads and verifies a certificate at phone width', async ({ page, request }) => {
  test.setTimeout(90_000);
  const course = await makeCertifiedCourse(request, `p${Date.now().toString(36)}`);
  // The customer finishes the course through the API: the video opened and, once its 8 s (80%) have passed, reported
  // watched; the PDF opened; the quiz passed, its answers found by their text on the shuffled sheet.
  const token = await apiToken(request, DEMO.customer, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post(`/api/v1/courses/${course.id}/enrolment`, { headers: auth })).ok()).toBe(true);
  const detail = (await (await request.get(`/api/v1/courses/${course.id}`)).json()) as { sections: { lessons: { id: string; type: string; assignments: string | null }[] }[] };
  const lessons = detail.sections.flatMap((s) => s.lessons);
  const put = async (lessonId: string, data: object) => {
    const res = await request.put(`/api/v1/lessons/${lessonId}/progress`, { headers: auth, data });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const video = lessons.find((l) => l.type === 'video')!;
  await put(video.id, { seen: false });
  const opened = Date.now();
  for (const lesson of lessons) {
    if (lesson.type === 'pdf') await put(lesson.id, { seen: true });
    if (lesson.type === 'assignment') {
      await put(lesson.id, { seen: false });
      // The quiz's sheet shows the questions and answers shuffled: answer each by the right one's text.
      const read = await request.get(`/api/v1/assignments/${lesson.assignments}/quiz?courseId=${course.id}`, { headers: auth });
      const quiz = (await read.json()) as { sheetId: string; questions: { questionText: string; answers: string[] }[] };
      const answers = quiz.questions.map((q) => q.answers.indexOf(RIGHT[q.questionText]!));
      const attempt = await request.post(`/api/v1/assignments/${lesson.assignments}/attempts`, { headers: auth, data: { answers, sheetId: quiz.sheetId, courseId: course.id } });
      expect(attempt.status(), await attempt.text()).toBe(201);
    }
  }
  await page.waitForTimeout(Math.max(0, opened + 8_500 - Date.now()));
  await put(video.id, { seen: false, watchedSeconds: 10 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto('/login?redirect=%2Fcertification');
  await signInThroughPage(page, DEMO.customer, DEMO_PASSWORD);
  const certificate = page.getByRole('article', { name: course.certificationName });
  await expect(certificate).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/certification at phone width');
  const link = await certificate.getByRole('link', { name: /\/verify\// }).getAttribute('href');
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText('This certificate is valid.')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/verify/:id at phone width');
});
