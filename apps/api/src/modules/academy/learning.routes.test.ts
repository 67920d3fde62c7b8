import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { eq } from 'drizzle-orm';
import { certificates } from '../../db/schema/academy.js';
import { answerQuiz, courseBody, makeAssignment, makeAuthor, makeDoc, makeKeyedAssignment } from '../../test/academy-fixtures.js';
import { form } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';

type Course = { id: string; courseTitle: string; sections: { id: string; title: string; lessons: { id: string; title: string; type: string; slides: string | null; transcript: string | null }[] }[] };

describe('learning', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, contractor: Session, customer: Session;
  let refs: { author: string; doc: string; assignment: string };
  // The server's clock: a video counts only once enough time has passed since it was opened.
  let now = new Date();
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    [admin, dealer, customer] = await Promise.all([actorOf(t, 'admin'), actorOf(t, 'dealer'), actorOf(t, 'customer')]);
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    refs = { author: author.id, doc: doc.id, assignment: assignment.id };
  });
  afterAll(() => t.close());
  // Each test moves the clock from the present, so the sessions' 15-minute tokens stay valid.
  beforeEach(() => {
    now = new Date();
  });

  const req = requester(() => t);
  const create = async (extra: Parameters<typeof courseBody>[1] = {}) => {
    const res = await req('POST', '/api/v1/courses', admin, courseBody(refs, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Course;
  };
  const search = (q: string, s?: Session, paging = '') => req('GET', `/api/v1/courses?q=${encodeURIComponent(q)}${paging}`, s);
  const titles = (res: { json: () => unknown }) => (res.json() as { courseTitle: string }[]).map((c) => c.courseTitle).sort();

  describe('catalogue search', () => {
    it('finds published courses by title, description, author and lesson title, accents and case aside; never a draft', async () => {
      const author = await makeAuthor(t, admin.auth, 'Émilie Côté-Fréchette');
      const byTitle = await create({ courseTitle: 'Déneigement des entrées Zéphyr' });
      const byDescription = await create({ courseTitle: 'Controls Zephyr 2', description: 'Régler le capteur de DÉNEIGEMENT automatique.' });
      const byAuthor = await create({ courseTitle: 'Slab work Zephyr 3', author: author.id });
      const byLesson = await create({
        courseTitle: 'Lessons Zephyr 4',
        sections: [{ title: 'Basics', lessons: [{ title: 'Le déneigement par câbles chauffants', type: 'video', duration: '3:10', videoId: 'abc123' }] }],
      });
      await create({ courseTitle: 'Déneigement brouillon Zephyr', status: 'draft' });

      const found = await search('deneigement');
      expect(found.statusCode).toBe(200);
      expect(titles(found)).toEqual([byDescription.courseTitle, byTitle.courseTitle, byLesson.courseTitle].sort());
      expect(found.headers['x-total-count']).toBe('3');
      // Prefix words, upper case, accents on the query side too.
      expect(titles(await search('DÉNEIG zéph'))).toEqual([byDescription.courseTitle, byTitle.courseTitle, byLesson.courseTitle].sort());
      expect(titles(await search('emilie cote'))).toEqual([byAuthor.courseTitle]);
      expect(titles(await search('chauffants'))).toEqual([byLesson.courseTitle]);
      // A learner never finds the draft; an admin's dashboard does.
      expect(titles(await search('brouillon', customer))).toEqual([]);
      expect(titles(await search('brouillon', admin))).toEqual(['Déneigement brouillon Zephyr']);
      expect(titles(await search('!!!'))).toContain(byTitle.courseTitle);
    });

    it('follows a rename of the author and an edit of the lessons', async () => {
      const author = await makeAuthor(t, admin.auth, 'Quentin Original');
      const course = await create({ courseTitle: 'Renamed author course', author: author.id });
      expect(titles(await search('quentin'))).toEqual([course.courseTitle]);
      expect((await req('PUT', `/api/v1/authors/${author.id}`, admin, form({ name: 'Rosalie Nouvelle' }))).statusCode).toBe(200);
      expect(titles(await search('quentin'))).toEqual([]);
      expect(titles(await search('rosalie nouvelle'))).toEqual([course.courseTitle]);

      const edited = await req('PUT', `/api/v1/courses/${course.id}`, admin, courseBody(refs, {
        courseTitle: course.courseTitle,
        author: author.id,
        sections: [{ title: 'Only', lessons: [{ title: 'Thermostat calibration', type: 'video', duration: '1:00', videoId: 'xyz' }] }],
      }));
      expect(edited.statusCode).toBe(200);
      expect(titles(await search('thermostat'))).toEqual([course.courseTitle]);
      // A signed-in learner's total (kept under the academy's version) is counted again once a course is added.
      expect((await search('thermostat', customer)).headers['x-total-count']).toBe('1');
      await create({ courseTitle: 'Thermostat basics' });
      const after = await search('thermostat', customer);
      expect(titles(after)).toEqual([course.courseTitle, 'Thermostat basics'].sort());
      expect(after.headers['x-total-count']).toBe('2');
    });

    it('pages with X-Total-Count, also on cached and 304 answers', async () => {
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await create({ courseTitle: `Pagination Yarrow ${i}` }));
      const page2 = await search('yarrow', undefined, '&page=2&pageSize=2');
      expect(page2.headers['x-total-count']).toBe('3');
      expect(titles(page2)).toEqual(['Pagination Yarrow 0']);
      const again = await search('yarrow', undefined, '&page=2&pageSize=2');
      expect(again.headers['x-total-count']).toBe('3');
      expect(again.body).toBe(page2.body);
      const notModified = await t.app.inject({ method: 'GET', url: '/api/v1/courses?q=yarrow&page=2&pageSize=2', headers: { 'if-none-match': String(page2.headers.etag) } });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['x-total-count']).toBe('3');
      const first = await search('yarrow', customer, '&page=1&pageSize=2');
      expect(first.headers['x-total-count']).toBe('3');
      expect(titles(first)).toEqual(['Pagination Yarrow 1', 'Pagination Yarrow 2']);
      expect((await req('GET', '/api/v1/courses')).headers['x-total-count']).toEqual(expect.stringMatching(/^\d+$/));
    });

    it('declares X-Total-Count in the API documentation', async () => {
      const doc = (await req('GET', '/api/docs/json')).json();
      expect(doc.paths['/api/v1/courses'].get.responses['200'].headers).toHaveProperty('X-Total-Count');
    });
  });

  describe('enrolment and progress', () => {
    it('enrols once (201, then 200); a draft or unknown course is 404', async () => {
      const course = await create();
      const first = await req('POST', `/api/v1/courses/${course.id}/enrolment`, contractor);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ courseId: course.id, enrolledAt: expect.any(String) });
      const again = await req('POST', `/api/v1/courses/${course.id}/enrolment`, contractor);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const draft = await create({ status: 'draft' });
      expect((await req('POST', `/api/v1/courses/${draft.id}/enrolment`, contractor)).statusCode).toBe(404);
      expect((await req('POST', `/api/v1/courses/${MISSING}/enrolment`, contractor)).statusCode).toBe(404);
      expect((await req('POST', `/api/v1/courses/${course.id}/enrolment`)).statusCode).toBe(401);
    });

    const put = (s: Session, lessonId: string, body: { seen?: boolean; watchedSeconds?: number }) => req('PUT', `/api/v1/lessons/${lessonId}/progress`, s, body);
    const progress = async (s: Session, courseId: string) => (await req('GET', `/api/v1/courses/${courseId}/progress`, s)).json();
    /** Opens a video lesson, lets `seconds` pass on the server's clock, and reports that much watched. */
    const watch = async (s: Session, lessonId: string, seconds: number) => {
      await put(s, lessonId, { seen: false });
      later(seconds);
      return put(s, lessonId, { watchedSeconds: seconds });
    };

    it('records the last lesson and what counts; one learner never reads or writes another\'s', async () => {
      const course = await create();
      const [video, pdf, quiz] = course.sections[0]!.lessons;
      const notEnrolled = await req('GET', `/api/v1/courses/${course.id}/progress`, customer);
      expect(notEnrolled.statusCode).toBe(404);
      expect(notEnrolled.json().message).toBe(m.notEnrolled);
      expect((await put(customer, video!.id, { seen: true })).statusCode).toBe(404);

      await req('POST', `/api/v1/courses/${course.id}/enrolment`, contractor);
      expect(await progress(contractor, course.id)).toEqual({
        percent: 0, seenLessonIds: [], lastLessonId: null, completedAt: null, certificateId: null, watchedSeconds: {}, cycle: 1, recertifiable: false,
      });

      // `seen` alone never counts a video, nor a quiz lesson: it records where the learner is.
      const seen = await put(contractor, video!.id, { seen: true });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ percent: 0, seenLessonIds: [], lastLessonId: video!.id, watchedSeconds: { [video!.id]: 0 } });
      const onQuiz = await put(contractor, quiz!.id, { seen: true });
      expect(onQuiz.json()).toMatchObject({ percent: 0, seenLessonIds: [], lastLessonId: quiz!.id });
      // A PDF lesson counts once opened, twice opened is once, and the player stays where it was (its document opens in a new tab).
      expect((await put(contractor, pdf!.id, { seen: false })).json()).toMatchObject({ percent: 0, seenLessonIds: [] });
      await put(contractor, pdf!.id, { seen: true });
      const twice = await put(contractor, pdf!.id, {});
      expect(twice.json()).toMatchObject({ percent: 33, seenLessonIds: [pdf!.id], lastLessonId: quiz!.id, completedAt: null });
      // Another learner: not enrolled, so nothing of the contractor's is read.
      expect((await req('GET', `/api/v1/courses/${course.id}/progress`, customer)).statusCode).toBe(404);
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, customer);
      expect(await progress(customer, course.id)).toMatchObject({ percent: 0, seenLessonIds: [], lastLessonId: null, watchedSeconds: {} });
      expect(await progress(contractor, course.id)).toMatchObject({ percent: 33, lastLessonId: quiz!.id });
      expect((await put(contractor, MISSING, { seen: true })).statusCode).toBe(404);
      const bad = await put(contractor, video!.id, { watchedSeconds: -1 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([issue('watchedSeconds', m.watchedSecondsInvalid)]);
    });

    it('counts a video once 80% of it was watched and that long has passed since it was opened, never before', async () => {
      const course = await create(); // the video is 5:20: 256 s are 80% of it
      const video = course.sections[0]!.lessons[0]!;
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, customer);

      await put(customer, video.id, { seen: false });
      later(100);
      // Reported watched too early: 300 s after 100 s on the lesson. Kept, not counted.
      const early = (await put(customer, video.id, { watchedSeconds: 300 })).json();
      expect(early).toMatchObject({ percent: 0, seenLessonIds: [], watchedSeconds: { [video.id]: 300 } });
      later(100);
      // A lower report keeps the highest; `seen` does not help.
      expect((await put(customer, video.id, { watchedSeconds: 120, seen: true })).json()).toMatchObject({ seenLessonIds: [], watchedSeconds: { [video.id]: 300 } });
      later(55); // 255 s since it was opened
      expect((await put(customer, video.id, { watchedSeconds: 300 })).json()).toMatchObject({ seenLessonIds: [] });
      later(1); // 256 s: both conditions hold, with the seconds already kept
      const counted = (await put(customer, video.id, { seen: false })).json();
      expect(counted).toMatchObject({ percent: 33, seenLessonIds: [video.id], watchedSeconds: { [video.id]: 300 } });
      // Counted stays counted; a report past the end is kept at the duration.
      expect((await put(customer, video.id, { watchedSeconds: 5000 })).json()).toMatchObject({ seenLessonIds: [video.id], watchedSeconds: { [video.id]: 320 } });

      // Enough time, too little watched: not counted until the seconds reach 80% too.
      const other = await create();
      const v2 = other.sections[0]!.lessons[0]!;
      await req('POST', `/api/v1/courses/${other.id}/enrolment`, customer);
      await put(customer, v2.id, { seen: true });
      later(400);
      expect((await put(customer, v2.id, { seen: true })).json()).toMatchObject({ seenLessonIds: [] });
      expect((await put(customer, v2.id, { watchedSeconds: 255 })).json()).toMatchObject({ seenLessonIds: [], watchedSeconds: { [v2.id]: 255 } });
      expect((await put(customer, v2.id, { watchedSeconds: 256 })).json()).toMatchObject({ percent: 33, seenLessonIds: [v2.id] });
    });

    it('leaves a failed quiz below 100% and issues nothing; the pass completes the course and issues its certificate', async () => {
      const keyed = await makeKeyedAssignment(t, admin.auth);
      const course = await create({ sections: courseBody({ ...refs, assignment: keyed.id }).sections });
      const [video, pdf, quiz] = course.sections[0]!.lessons;
      expect((await req('POST', '/api/v1/certifications', admin, form({ name: 'Earned installer', courseId: course.id, passingScore: '80', validityMonths: '12' }))).statusCode).toBe(201);
      const learner = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, learner);
      await watch(learner, video!.id, 260);
      await put(learner, pdf!.id, { seen: true });
      await put(learner, quiz!.id, { seen: true });

      const failed = await answerQuiz(t, learner.auth, keyed.id, { pass: false, courseId: course.id });
      expect(failed.statusCode, failed.body).toBe(201);
      expect(failed.json()).toMatchObject({ score: 0, passed: false });
      expect(await progress(learner, course.id)).toMatchObject({ percent: 66, seenLessonIds: [video!.id, pdf!.id], completedAt: null, certificateId: null });
      // Marking the quiz lesson seen after the failure counts nothing either.
      expect((await put(learner, quiz!.id, { seen: true })).json()).toMatchObject({ percent: 66, certificateId: null });
      expect(await t.db.select().from(certificates).where(eq(certificates.userId, learner.user.id))).toEqual([]);
      const mine = (await req('GET', '/api/v1/me/courses', learner)).json();
      expect(mine[0]).toMatchObject({ percent: 66, completedAt: null, nextLesson: { id: quiz!.id } });
      const staffRow = () => req('GET', `/api/v1/students?courseId=${course.id}`, admin).then((r) => r.json().items.find((i: { userId: string }) => i.userId === learner.user.id));
      expect(await staffRow()).toMatchObject({ progress: 66, quizzesTaken: 1 });

      const passed = await answerQuiz(t, learner.auth, keyed.id, { pass: true, courseId: course.id });
      expect(passed.json()).toMatchObject({ score: 100, passed: true });
      const done = await progress(learner, course.id);
      expect(done).toMatchObject({ percent: 100, seenLessonIds: [video!.id, pdf!.id, quiz!.id], completedAt: expect.any(String), certificateId: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/), cycle: 1, recertifiable: false });
      const issued = await t.db.select().from(certificates).where(eq(certificates.userId, learner.user.id));
      expect(issued).toEqual([expect.objectContaining({ code: done.certificateId, cycle: 1, score: 100 })]);
      expect((await req('GET', '/api/v1/me/courses', learner)).json()[0]).toMatchObject({ percent: 100, nextLesson: null });
      expect(await staffRow()).toMatchObject({ progress: 100 });
    });

    it('completes a course without a quiz when its last lesson counts, and issues its certification once', async () => {
      const course = await create({
        sections: [
          { title: 'One', lessons: [{ title: 'Watch', type: 'video', duration: '2:00', videoId: 'v1' }] },
          { title: 'Two', lessons: [{ title: 'Read', type: 'pdf', pdfLink: refs.doc }] },
        ],
      });
      expect((await req('POST', '/api/v1/certifications', admin, form({ name: 'Mat basics', courseId: course.id, passingScore: '80' }))).statusCode).toBe(201);
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, customer);
      const [a, b] = course.sections.flatMap((s) => s.lessons);
      await put(customer, b!.id, { seen: true });
      expect(await progress(customer, course.id)).toMatchObject({ percent: 50, completedAt: null, certificateId: null });
      const done = (await watch(customer, a!.id, 96)).json();
      expect(done).toMatchObject({ percent: 100, completedAt: expect.any(String), certificateId: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/) });
      const again = (await put(customer, b!.id, { seen: true })).json();
      expect(again.certificateId).toBe(done.certificateId);
      expect(again.completedAt).toBe(done.completedAt);
    });

    it('lists the learner\'s courses with their percent and next lesson in course order', async () => {
      const learner = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      expect((await req('GET', '/api/v1/me/courses', learner)).json()).toEqual([]);
      const course = await create({
        courseTitleFr: 'Poser des câbles chauffants',
        descriptionFr: 'De la dalle au thermostat.',
        sections: [
          { title: 'First', lessons: [{ title: 'A', type: 'video', duration: '1:00', videoId: 'a' }, { title: 'B', titleFr: 'B en français', type: 'pdf', pdfLink: refs.doc }] },
          { title: 'Second', lessons: [{ title: 'C', type: 'video', duration: '1:00', videoId: 'c' }] },
        ],
      });
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, learner);
      const [a, b, c] = course.sections.flatMap((s) => s.lessons);
      await watch(learner, a!.id, 48);
      await watch(learner, c!.id, 50);
      const mine = (await req('GET', '/api/v1/me/courses', learner)).json();
      expect(mine).toEqual([
        expect.objectContaining({
          courseId: course.id,
          courseTitle: course.courseTitle,
          courseTitleFr: 'Poser des câbles chauffants',
          descriptionFr: 'De la dalle au thermostat.',
          percent: 66,
          nextLesson: { id: b!.id, title: 'B', titleFr: 'B en français', type: 'pdf' },
          lastActivityAt: expect.any(String),
          completedAt: null,
        }),
      ]);
      // A PDF lesson opened without being seen is still the next lesson due.
      await put(learner, b!.id, { seen: false });
      expect((await req('GET', '/api/v1/me/courses', learner)).json()[0]).toMatchObject({ percent: 66, nextLesson: { id: b!.id } });
      await put(learner, b!.id, { seen: true });
      expect((await req('GET', '/api/v1/me/courses', learner)).json()[0]).toMatchObject({ percent: 100, nextLesson: null });
      expect((await req('GET', '/api/v1/me/courses')).statusCode).toBe(401);
    });
  });

  describe('questions', () => {
    it('takes an enrolled learner\'s question, shows it to staff, and brings the reply back to that learner only', async () => {
      const course = await create();
      const other = await create();
      const lesson = course.sections[0]!.lessons[0]!;
      const url = `/api/v1/courses/${course.id}/comments`;
      expect((await req('POST', url, dealer, { comment: 'Hello?' })).statusCode).toBe(404);
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, dealer);
      const empty = await req('POST', url, dealer, { comment: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toEqual([issue('comment', m.commentRequired)]);
      expect((await req('POST', url, dealer, { comment: 'Which lesson?', lessonId: other.sections[0]!.lessons[0]!.id })).statusCode).toBe(404);

      const asked = await req('POST', url, dealer, { comment: 'How deep should the mat sit?', lessonId: lesson.id });
      expect(asked.statusCode).toBe(201);
      const question = asked.json();
      expect(question).toMatchObject({ courseId: course.id, lessonId: lesson.id, lessonTitle: lesson.title, learnerName: dealer.user.fullname, reply: null });

      const staffView = (await req('GET', '/api/v1/courses/comments/all', admin)).json();
      expect(staffView.map((c: { id: string }) => c.id)).toContain(question.id);
      await req('POST', `/api/v1/courses/comments/${question.id}/reply`, admin, { comment: '40 to 50 mm below the surface.' });

      const mine = (await req('GET', `${url}?lessonId=${lesson.id}`, dealer)).json();
      expect(mine).toEqual([expect.objectContaining({ id: question.id, reply: '40 to 50 mm below the surface.', repliedBy: admin.user.fullname })]);
      expect((await req('GET', `${url}?lessonId=${course.sections[0]!.lessons[1]!.id}`, dealer)).json()).toEqual([]);

      // Another learner enrolled in the same course sees none of it.
      await req('POST', `/api/v1/courses/${course.id}/enrolment`, customer);
      expect((await req('GET', url, customer)).json()).toEqual([]);
      expect((await req('GET', url, contractor)).statusCode).toBe(404);
    });
  });

  describe('resources', () => {
    it('makes the syllabus PDF in English and French; a draft has none', async () => {
      const course = await create({
        courseTitle: 'Syllabus course',
        sections: [
          { title: 'Preparing the slab', lessons: [{ title: 'Measuring the drive', type: 'video', duration: '5:20', videoId: 'a' }, { title: 'Checklist', type: 'pdf', pdfLink: refs.doc }] },
          { title: 'Testing', lessons: [{ title: 'Final check', type: 'assignment', assignments: refs.assignment }] },
        ],
      });
      const en = await req('GET', `/api/v1/courses/${course.id}/syllabus.pdf`);
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toBe('application/pdf');
      expect(en.headers['content-disposition']).toBe('attachment; filename="syllabus-syllabus-course.pdf"');
      const text = (await pdfText(en.rawPayload)).pages.flat().join('\n');
      for (const s of ['Syllabus course', 'Course syllabus', 'Section 1: Preparing the slab', 'Measuring the drive', '5:20', 'Section 2: Testing', 'Final check', 'Quiz']) expect(text).toContain(s);
      const fr = (await pdfText((await req('GET', `/api/v1/courses/${course.id}/syllabus.pdf?lang=fr`)).rawPayload)).pages.flat().join('\n');
      expect(fr).toContain('Plan de cours');
      expect(fr).toContain('Durée');
      const draft = await create({ status: 'draft' });
      expect((await req('GET', `/api/v1/courses/${draft.id}/syllabus.pdf`)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/courses/${course.id}/syllabus.pdf?lang=de`)).statusCode).toBe(400);
    });

    it('keeps a lesson\'s slides and transcript documents, and refuses a missing one at its field', async () => {
      const [slides, transcript] = await Promise.all([makeDoc(t, admin.auth), makeDoc(t, admin.auth)]);
      const course = await create({
        sections: [{ title: 'S', lessons: [{ title: 'With resources', type: 'video', duration: '1:00', videoId: 'a', slidesDocumentId: slides.id, transcriptDocumentId: transcript.id }, { title: 'Without', type: 'pdf', pdfLink: refs.doc }] }],
      });
      expect(course.sections[0]!.lessons.map((l) => [l.slides, l.transcript])).toEqual([[slides.id, transcript.id], [null, null]]);
      const missing = await req('POST', '/api/v1/courses', admin, courseBody(refs, { sections: [{ title: 'S', lessons: [{ title: 'L', type: 'pdf', pdfLink: refs.doc, transcriptDocumentId: MISSING }] }] }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues).toEqual([issue('sections.0.lessons.0.transcriptDocumentId', m.documentMissing)]);
    });
  });
});
