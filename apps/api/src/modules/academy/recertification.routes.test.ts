import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { certificates, enrolments } from '../../db/schema/academy.js';
import { answerQuiz, makeAuthor, makeCourse, makeDoc, makeKeyedAssignment } from '../../test/academy-fixtures.js';
import { issueCertificate } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, linkIn, requester, type Session, type TestApp } from '../../test/harness.js';
import { addMonths } from './completion.js';
import { remindExpiringCertificates } from './certificate-reminders.js';

const DAY = 24 * 60 * 60 * 1000;

describe('recertification', () => {
  let t: TestApp;
  let admin: Session, dealer: Session;
  const contractor = () => actorOf(t, 'contractor', { dealerId: dealer.user.id });
  // The server's clock: videos count only once time has passed since they were opened.
  let now = new Date();
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    [admin, dealer] = await Promise.all([actorOf(t, 'admin'), actorOf(t, 'dealer')]);
  });
  afterAll(() => t.close());
  // Each test moves the clock from the present, so the sessions' 15-minute tokens stay valid.
  beforeEach(() => {
    now = new Date();
  });

  const req = requester(() => t);

  /** A published course of a 1:00 video, a PDF and a keyed quiz, awarding a certification valid `validityMonths`. */
  async function certifiedCourse(validityMonths: number | null = 12) {
    const [author, doc, quiz] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeKeyedAssignment(t, admin.auth)]);
    const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: quiz.id }, {
      sections: [
        {
          title: 'Only',
          lessons: [
            { title: 'Watch', type: 'video', duration: '1:00', videoId: 'v1' },
            { title: 'Read', type: 'pdf', pdfLink: doc.id },
            { title: 'Quiz', type: 'assignment', assignments: quiz.id },
          ],
        },
      ],
    });
    const res = await req('POST', '/api/v1/certifications', admin, { name: `Recertified installer ${course.id.slice(0, 6)}`, courseId: course.id, passingScore: 80, ...(validityMonths ? { validityMonths } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    const [video, pdf, lesson] = course.sections[0]!.lessons;
    return { id: course.id, quizId: quiz.id, video: video!.id, pdf: pdf!.id, quiz: lesson!.id };
  }
  type Course = Awaited<ReturnType<typeof certifiedCourse>>;

  const progress = async (s: Session, courseId: string) => (await req('GET', `/api/v1/courses/${courseId}/progress`, s)).json();
  const recertify = (s: Session, courseId: string) => req('POST', `/api/v1/courses/${courseId}/recertification`, s);
  /** The course taken through the routes: the video watched, the PDF opened, the quiz answered (`pass`). */
  async function takeCourse(s: Session, c: Course, o: { pass: boolean }) {
    await req('PUT', `/api/v1/lessons/${c.video}/progress`, s, { seen: false });
    later(50);
    await req('PUT', `/api/v1/lessons/${c.video}/progress`, s, { watchedSeconds: 50 });
    await req('PUT', `/api/v1/lessons/${c.pdf}/progress`, s, { seen: true });
    const attempt = await answerQuiz(t, s.auth, c.quizId, { pass: o.pass, courseId: c.id });
    expect(attempt.statusCode, attempt.body).toBe(201);
    return progress(s, c.id);
  }
  const certificatesOf = (userId: string) => t.db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(certificates.cycle);
  const setExpiry = (code: string, at: Date) => t.db.update(certificates).set({ expiresAt: at }).where(eq(certificates.code, code));
  const listed = async (s: Session) => ((await req('GET', '/api/v1/certificates', s)).json().items as { id: string; status: string; issuedAt: string; expiresAt: string | null }[]);

  it('re-opens the course from the reminder link for a holder whose certificate expired, and issues a new certificate with new dates; the old one is listed as expired', async () => {
    const course = await certifiedCourse(12);
    const learner = await contractor();
    await req('POST', `/api/v1/courses/${course.id}/enrolment`, learner);
    const first = await takeCourse(learner, course, { pass: true });
    expect(first).toMatchObject({ percent: 100, cycle: 1, recertifiable: false, certificateId: expect.any(String) });
    const oldCode = first.certificateId as string;

    // Valid for a year: not open yet.
    const early = await recertify(learner, course.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'academy.recertificationNotOpen', message: m.recertificationNotOpen });

    // 20 days before expiry the reminder goes out with the link that re-opens the course.
    await setExpiry(oldCode, new Date(now.getTime() + 20 * DAY));
    expect(await remindExpiringCertificates({ db: t.db, clock: () => now, config: t.deps.config })).toBe(1);
    const [mail] = await t.mailsTo(learner.user.email);
    const link = new URL(linkIn(mail!));
    expect(link.href).toBe(`http://shop.test/lms/courses/${course.id}?recertify=1`);
    expect(mail!.replace(/=\r?\n/g, '')).toContain('this link re-opens it for you');
    expect(await progress(learner, course.id)).toMatchObject({ recertifiable: true });

    // The holder lets it lapse, then follows the link.
    const lapsedAt = new Date(now.getTime() - DAY);
    await setExpiry(oldCode, lapsedAt);
    expect(await progress(learner, course.id)).toMatchObject({ recertifiable: true, certificateId: oldCode });
    const courseId = link.pathname.split('/').at(-1)!;
    const reopened = await recertify(learner, courseId);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toEqual({ percent: 0, seenLessonIds: [], lastLessonId: null, completedAt: null, certificateId: null, watchedSeconds: {}, cycle: 2, recertifiable: false });
    // Once open, the cycle is not re-opened again.
    expect((await recertify(learner, course.id)).json().code).toBe('academy.recertificationNotOpen');
    expect((await listed(learner)).map((c) => [c.id, c.status])).toEqual([[oldCode, 'expired']]);

    // The new cycle: lessons again, the quiz again; a failure issues nothing.
    const failed = await takeCourse(learner, course, { pass: false });
    expect(failed).toMatchObject({ percent: 66, cycle: 2, completedAt: null, certificateId: null });
    expect(await certificatesOf(learner.user.id)).toHaveLength(1);
    const passed = await answerQuiz(t, learner.auth, course.quizId, { pass: true, courseId: course.id });
    expect(passed.json()).toMatchObject({ passed: true });
    const renewed = await progress(learner, course.id);
    expect(renewed).toMatchObject({ percent: 100, cycle: 2, completedAt: expect.any(String), recertifiable: false });
    expect(renewed.certificateId).not.toBe(oldCode);

    const [old, fresh] = await certificatesOf(learner.user.id);
    expect(old).toMatchObject({ code: oldCode, cycle: 1, expiresAt: lapsedAt, revokedAt: null });
    expect(fresh).toMatchObject({ code: renewed.certificateId, cycle: 2, issuedAt: now, expiresAt: addMonths(now, 12), revokedAt: null });
    const list = await listed(learner);
    expect(list.map((c) => [c.id, c.status]).sort()).toEqual([[oldCode, 'expired'], [renewed.certificateId, 'valid']].sort());

    // Revoked and reissued by staff, the new cycle's certificate is replaced within that cycle.
    expect((await req('POST', `/api/v1/certificates/${renewed.certificateId}/revoke`, admin, { reason: 'Wrong name' })).statusCode).toBe(200);
    const reissued = await req('POST', `/api/v1/certificates/${renewed.certificateId}/reissue`, admin);
    expect(reissued.statusCode, reissued.body).toBe(201);
    const replacement = (await certificatesOf(learner.user.id)).find((c) => c.code === reissued.json().id);
    expect(replacement).toMatchObject({ code: reissued.json().id, cycle: 2, revokedAt: null });
    expect(await progress(learner, course.id)).toMatchObject({ cycle: 2, certificateId: reissued.json().id });
  });

  it('lets a holder renew within 90 days of expiry; the running certificate then expires as the new one is issued', async () => {
    const course = await certifiedCourse(24);
    const learner = await actorOf(t, 'customer');
    const oldCode = await issueCertificate(t, learner.user.id, course.id, { now });
    await setExpiry(oldCode, new Date(now.getTime() + 60 * DAY));
    expect((await recertify(learner, course.id)).statusCode).toBe(200);
    // Still valid while the new cycle is under way.
    expect((await listed(learner)).map((c) => c.status)).toEqual(['valid']);
    later(600);
    const done = await takeCourse(learner, course, { pass: true });
    expect(done).toMatchObject({ percent: 100, cycle: 2, certificateId: expect.any(String) });
    const [old, fresh] = await certificatesOf(learner.user.id);
    expect(fresh!.issuedAt).toEqual(now);
    expect(old!.expiresAt).toEqual(fresh!.issuedAt);
    expect(fresh!.expiresAt).toEqual(addMonths(now, 24));
    const byCode = Object.fromEntries((await listed(learner)).map((c) => [c.id, c.status]));
    expect(byCode).toEqual({ [oldCode]: 'expired', [done.certificateId]: 'valid' });
  });

  it('refuses while the certificate is valid for more than 90 days, revoked, or never expiring, and without a certificate; 404 when not enrolled', async () => {
    const course = await certifiedCourse(12);
    const holder = await actorOf(t, 'customer');
    const code = await issueCertificate(t, holder.user.id, course.id, { now });
    await setExpiry(code, new Date(now.getTime() + 91 * DAY));
    const refused = await recertify(holder, course.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('academy.recertificationNotOpen');
    await setExpiry(code, new Date(now.getTime() + 89 * DAY));
    expect(await progress(holder, course.id)).toMatchObject({ recertifiable: true });
    expect((await req('POST', `/api/v1/certificates/${code}/revoke`, admin, { reason: 'Answers shared' })).statusCode).toBe(200);
    expect(await progress(holder, course.id)).toMatchObject({ recertifiable: false });
    expect((await recertify(holder, course.id)).statusCode).toBe(409);

    // A certificate that never expires never needs renewing; an enrolment without one has nothing to renew.
    const forever = await certifiedCourse(null);
    const keeper = await actorOf(t, 'customer');
    await issueCertificate(t, keeper.user.id, forever.id, { now });
    expect((await recertify(keeper, forever.id)).statusCode).toBe(409);
    await req('POST', `/api/v1/courses/${course.id}/enrolment`, keeper);
    expect((await recertify(keeper, course.id)).statusCode).toBe(409);

    // Not enrolled (someone else's enrolment): 404, and the holder's enrolment is untouched.
    const stranger = await contractor();
    const notEnrolled = await recertify(stranger, forever.id);
    expect(notEnrolled.statusCode).toBe(404);
    expect(notEnrolled.json().message).toBe(m.notEnrolled);
    expect((await recertify(admin, forever.id)).statusCode).toBe(404);
    const [row] = await t.db.select().from(enrolments).where(and(eq(enrolments.userId, keeper.user.id), eq(enrolments.courseId, forever.id)));
    expect(row).toMatchObject({ cycle: 1, completedAt: expect.any(Date) });
    expect((await req('POST', `/api/v1/courses/${course.id}/recertification`)).statusCode).toBe(401);
  });

  it('makes one new cycle of parallel calls', async () => {
    const course = await certifiedCourse(12);
    const learner = await contractor();
    const code = await issueCertificate(t, learner.user.id, course.id, { now });
    await setExpiry(code, new Date(now.getTime() - DAY));
    const answers = await Promise.all(Array.from({ length: 4 }, () => recertify(learner, course.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 200)!.json()).toMatchObject({ cycle: 2, percent: 0 });
    const [row] = await t.db.select().from(enrolments).where(and(eq(enrolments.userId, learner.user.id), eq(enrolments.courseId, course.id)));
    expect(row).toMatchObject({ cycle: 2, completedAt: null, cycleStartedAt: now });
  });
});
