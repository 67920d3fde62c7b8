import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StudentOut } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { certificates, certifications, enrolments, lessonProgress, quizAttempts } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, issue, linkIn, makeUser, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';
import { attempt, enrol, openLesson, seeLessons } from '../../test/students-fixtures.js';

type Course = Awaited<ReturnType<typeof makeCourse>>;

describe('Students Management', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  /** Two sections: video, quiz A, pdf | quiz B, video. */
  let big: Course;
  /** One section: video, pdf, quiz. */
  let small: Course;
  let quizA: string, quizB: string, quizC: string;
  let learner1: { id: string; email: string; fullname: string }, learner2: { id: string }, learner3: { id: string; email: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
    const [author, doc, a, b, c] = await Promise.all([
      makeAuthor(t, admin.auth),
      makeDoc(t, admin.auth),
      makeAssignment(t, admin.auth),
      makeAssignment(t, admin.auth),
      makeAssignment(t, admin.auth),
    ]);
    [quizA, quizB, quizC] = [a.id, b.id, c.id];
    big = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: quizA }, {
      courseTitle: 'Servicing snowmelt controls',
      sections: [
        {
          title: 'Sensors',
          lessons: [
            { title: 'Intro', type: 'video', duration: '4:00', videoId: 'dQw4w9WgXcQ' },
            { title: 'Quiz A', type: 'assignment', assignments: quizA },
            { title: 'Service log', type: 'pdf', pdfLink: doc.id },
          ],
        },
        {
          title: 'Controllers',
          lessons: [
            { title: 'Quiz B', type: 'assignment', assignments: quizB },
            { title: 'Wrap-up', type: 'video', duration: '2:00', videoId: 'dQw4w9WgXcQ' },
          ],
        },
      ],
    });
    small = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: quizC });

    // learner1: a contractor of `dealer`, in both courses; learner2: a contractor of `otherDealer`; learner3: a customer.
    learner1 = contractor.user;
    learner2 = await makeUser(t, { role: 'contractor', dealerId: otherDealer.user.id, fullname: 'Robin Other' });
    learner3 = await makeUser(t, { role: 'customer', fullname: 'Casey Customer' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    await enrol(t, learner1.id, big.id, day(1));
    await enrol(t, learner2.id, big.id, day(2));
    await enrol(t, learner3.id, small.id, day(3));
    await enrol(t, learner1.id, small.id, day(4));

    const [s0, s1] = big.sections;
    // learner1 in big: saw the intro and quiz A, is on the last lesson; passed A at the second try, failed B once.
    await seeLessons(t, learner1.id, big.id, [s0!.lessons[0]!.id, s0!.lessons[1]!.id], day(10));
    await openLesson(t, learner1.id, big.id, s1!.lessons[1]!.id, day(11));
    await attempt(t, learner1.id, big.id, quizA, [50, 100]);
    await attempt(t, learner1.id, big.id, quizB, [50]);
    // learner3 in small: every lesson seen, the quiz passed with 67 after 33.
    await seeLessons(t, learner3.id, small.id, small.sections[0]!.lessons.map((l) => l.id), day(12));
    await attempt(t, learner3.id, small.id, quizC, [33, 67], 60);
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const list = async (s: Session, query = '') => {
    const res = await req('GET', `/api/v1/students${query}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: StudentOut[]; total: number };
  };
  const rowOf = (items: StudentOut[], userId: string, courseId: string) => items.find((r) => r.userId === userId && r.courseId === courseId);

  it("lists every enrolment with the learner's real progress, activity and quiz figures, newest first", async () => {
    const { items, total } = await list(admin);
    expect(total).toBe(4);
    expect(items.map((r) => [r.userId, r.courseId])).toEqual([
      [learner1.id, small.id],
      [learner3.id, small.id],
      [learner2.id, big.id],
      [learner1.id, big.id],
    ]);
    expect(rowOf(items, learner1.id, big.id)).toMatchObject({
      courseTitle: 'Servicing snowmelt controls',
      studentName: learner1.fullname,
      email: learner1.email,
      progress: 40, // 2 of 5 lessons
      lastActivity: '2026-01-11T12:00:00.000Z',
      avgScore: 75, // best of A (100) and of B (50)
      quizzesTaken: 2,
      quizzesMissed: 1, // B comes before the lesson it is on and is not passed; A is passed
      created_at: '2026-01-01T12:00:00.000Z',
    });
    expect(rowOf(items, learner2.id, big.id)).toMatchObject({ studentName: 'Robin Other', progress: 0, lastActivity: null, avgScore: null, quizzesTaken: 0, quizzesMissed: 0 });
    expect(rowOf(items, learner3.id, small.id)).toMatchObject({ progress: 100, avgScore: 67, quizzesTaken: 1, quizzesMissed: 0, lastActivity: '2026-01-12T12:00:00.000Z' });
    // Figures are per course: learner1's attempts in the big course do not count in the small one.
    expect(rowOf(items, learner1.id, small.id)).toMatchObject({ progress: 0, avgScore: null, quizzesTaken: 0, quizzesMissed: 0 });
  });

  it('searches by name or email, filters by course and pages on the server', async () => {
    expect((await list(admin, `?q=${encodeURIComponent('robin oth')}`)).items.map((r) => r.userId)).toEqual([learner2.id]);
    expect((await list(admin, `?q=${encodeURIComponent(learner3.email.toUpperCase())}`)).items.map((r) => r.userId)).toEqual([learner3.id]);
    const bigOnly = await list(admin, `?courseId=${big.id}`);
    expect(bigOnly.total).toBe(2);
    expect(bigOnly.items.every((r) => r.courseId === big.id)).toBe(true);
    const page2 = await list(admin, '?page=2&pageSize=3');
    expect(page2.total).toBe(4);
    expect(page2.items.map((r) => r.userId)).toEqual([learner1.id]);
    expect((await list(admin, '?q=100%25')).total).toBe(0);
    expect((await req('GET', '/api/v1/students?courseId=nope', admin)).statusCode).toBe(400);
  });

  it("shows a dealer its own contractors' enrolments only, and refuses everyone else", async () => {
    const own = await list(dealer);
    expect(own.total).toBe(2);
    expect(own.items.every((r) => r.userId === learner1.id)).toBe(true);
    expect(rowOf(own.items, learner1.id, big.id)).toMatchObject({ progress: 40, avgScore: 75 });
    const other = await list(otherDealer);
    expect(other.items.map((r) => r.userId)).toEqual([learner2.id]);
    expect((await list(otherDealer, `?q=${encodeURIComponent(learner1.email)}`)).total).toBe(0);
    expect((await req('GET', '/api/v1/students', contractor)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/students', customer)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/students')).statusCode).toBe(401);
  });

  describe('Add New Student', () => {
    const studentForm = (fields: Record<string, string>, image = true) => form(fields, image ? [['image', 'me.png', PNG]] : []);
    const name = JSON.stringify({ en: 'Alex Newcomer', fr: 'Alex Nouveau' });

    it('creates a customer account, enrols it at 0 % and mails an invitation to set a password', async () => {
      const email = `Alex.Newcomer-${Date.now()}@Example.com`;
      const res = await req('POST', '/api/v1/students', admin, studentForm({ name, email, courseId: big.id }));
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ invited: true, message: m.studentInvited, student: { courseId: big.id, studentName: 'Alex Newcomer', studentNameFr: 'Alex Nouveau', email: email.toLowerCase(), progress: 0, avgScore: null, quizzesTaken: 0 } });
      expect(body.student.image).toMatch(/^\/uploads\/users\/.+\.png$/);
      expect((await req('GET', body.student.image)).statusCode).toBe(200);
      const [user] = await t.db.select().from(users).where(eq(users.id, body.student.userId));
      expect(user).toMatchObject({ role: 'customer', status: 'approved', passwordHash: null });

      const mails = await t.mailsTo(email.toLowerCase());
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Hello Alex Newcomer,');
      expect(mails[0]).toContain('Bonjour Alex Nouveau,');
      const link = new URL(linkIn(mails[0]!));
      expect(link.pathname).toBe('/reset');
      // The link sets the password, and the learner signs in with it.
      const reset = await req('POST', '/api/v1/users/reset-password', undefined, { token: link.searchParams.get('token'), newPassword: 'Learner123', confirmPassword: 'Learner123' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await req('POST', '/api/v1/users/login', undefined, { email: email.toLowerCase(), password: 'Learner123' })).statusCode).toBe(200);
      expect(rowOf((await list(admin, `?q=${encodeURIComponent('Alex Newcomer')}`)).items, body.student.userId, big.id)).toBeDefined();
    });

    it('enrols an existing account without a new account or invitation, then refuses it twice', async () => {
      const before = (await t.mailsTo(customer.user.email)).length;
      const res = await req('POST', '/api/v1/students', admin, studentForm({ name, email: customer.user.email, courseId: small.id }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ invited: false, message: m.studentEnrolled, student: { userId: customer.user.id, studentName: customer.user.fullname, studentNameFr: null, image: null } });
      expect(await t.mailsTo(customer.user.email)).toHaveLength(before);
      const again = await req('POST', '/api/v1/students', admin, studentForm({ name, email: customer.user.email, courseId: small.id }));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(m.alreadyEnrolled);
    });

    it('names every bad field', async () => {
      const bad = async (fields: Record<string, string>) => {
        const res = await req('POST', '/api/v1/students', admin, studentForm(fields, false));
        expect(res.statusCode).toBe(400);
        return res.json().issues;
      };
      const email = 'someone@example.com';
      expect(await bad({ name, email: 'not-an-email', courseId: big.id })).toEqual([issue('email', m.studentEmailInvalid)]);
      expect(await bad({ email, courseId: big.id })).toEqual([issue('name.en', m.studentNameRequired)]);
      expect(await bad({ name: JSON.stringify({ en: '  ', fr: 'X' }), email, courseId: big.id })).toEqual([issue('name.en', m.studentNameRequired)]);
      expect(await bad({ name, email })).toEqual([issue('courseId', m.courseRequired)]);
      expect(await bad({ name, email, courseId: MISSING })).toEqual([issue('courseId', m.courseMissing)]);
      const draft = await req('POST', '/api/v1/courses', admin, { courseTitle: 'Draft course', author: (await makeAuthor(t, admin.auth)).id, status: 'draft' });
      expect(await bad({ name, email, courseId: draft.json().id })).toEqual([issue('courseId', m.courseNotPublished)]);
      // Nothing was created by the refused forms.
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('is for admins only', async () => {
      for (const s of [dealer, contractor, customer]) {
        expect((await req('POST', '/api/v1/students', s, studentForm({ name, email: 'x@example.com', courseId: big.id }))).statusCode).toBe(403);
      }
    });
  });

  it("removes an enrolment with the learner's progress in that course, keeps the certificate, and is for admins only", async () => {
    const learner = await makeUser(t, { role: 'contractor', dealerId: dealer.user.id });
    const inBig = await enrol(t, learner.id, big.id);
    await enrol(t, learner.id, small.id);
    await seeLessons(t, learner.id, big.id, [big.sections[0]!.lessons[0]!.id]);
    await attempt(t, learner.id, big.id, quizA, [90]);
    await seeLessons(t, learner.id, small.id, [small.sections[0]!.lessons[0]!.id]);
    await attempt(t, learner.id, small.id, quizC, [90]);
    const [cert] = await t.db.insert(certifications).values({ name: 'Controls technician', courseId: big.id, passingScore: 80 }).returning();
    await t.db.insert(certificates).values({ code: `T-${Date.now()}`, userId: learner.id, courseId: big.id, certificationId: cert!.id, score: 90 });

    for (const s of [dealer, otherDealer, contractor, customer]) expect((await req('DELETE', `/api/v1/students/${inBig.id}`, s)).statusCode).toBe(403);
    const res = await req('DELETE', `/api/v1/students/${inBig.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: m.studentRemoved });

    const mine = (table: typeof lessonProgress | typeof quizAttempts, courseId: string) => t.db.select().from(table).where(and(eq(table.userId, learner.id), eq(table.courseId, courseId)));
    expect(await mine(lessonProgress, big.id)).toEqual([]);
    expect(await mine(quizAttempts, big.id)).toEqual([]);
    expect(await mine(lessonProgress, small.id)).toHaveLength(1);
    expect(await mine(quizAttempts, small.id)).toHaveLength(1);
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, learner.id))).toHaveLength(1);
    expect(await t.db.select().from(enrolments).where(eq(enrolments.userId, learner.id))).toHaveLength(1);

    const again = await req('DELETE', `/api/v1/students/${inBig.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.enrolmentNotFound);
    expect((await req('DELETE', '/api/v1/students/nope', admin)).statusCode).toBe(400);
  });

  it("counts by the learner's one rule: a video opened but not counted and a failed quiz do not count; quizzes of an earlier cycle neither", async () => {
    const learner = await makeUser(t, { role: 'contractor', dealerId: dealer.user.id });
    await enrol(t, learner.id, small.id);
    const [video, pdf, quiz] = small.sections[0]!.lessons;
    const at = new Date();
    await t.db.insert(lessonProgress).values([
      { userId: learner.id, courseId: small.id, lessonId: video!.id, openedAt: at, watchedSeconds: 30 },
      { userId: learner.id, courseId: small.id, lessonId: pdf!.id, openedAt: at, seenAt: at },
      // A quiz lesson marked seen counts only by a passed attempt.
      { userId: learner.id, courseId: small.id, lessonId: quiz!.id, openedAt: at, seenAt: at },
    ]);
    await attempt(t, learner.id, small.id, quizC, [50]);
    const row = async () => rowOf((await list(admin, `?q=${encodeURIComponent(learner.email)}`)).items, learner.id, small.id);
    expect(await row()).toMatchObject({ progress: 33, avgScore: 50, quizzesTaken: 1 });

    await t.db.insert(quizAttempts).values({ userId: learner.id, courseId: small.id, assignmentId: quizC, attemptNumber: 2, answers: [0], results: [true], score: 90, passed: true });
    await t.db.update(lessonProgress).set({ seenAt: at }).where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, video!.id)));
    expect(await row()).toMatchObject({ progress: 100, avgScore: 90, quizzesTaken: 1 });

    // The next cycle (a recertification): the first cycle's attempts are history, the quiz is to pass again.
    await t.db.update(enrolments).set({ cycle: 2 }).where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, small.id)));
    expect(await row()).toMatchObject({ progress: 66, avgScore: null, quizzesTaken: 0 });
  });
});
