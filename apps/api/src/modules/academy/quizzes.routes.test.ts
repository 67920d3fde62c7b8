import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { codeOf } from '@meltway/shared/common/message-codes';
import { certificates, enrolments, lessonProgress, quizAttempts, quizSheets } from '../../db/schema/academy.js';
import { keysOf, makeAuthor, makeCourse, makeDoc, QUESTIONS } from '../../test/academy-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, onPostgres, requester, signIn, type Session, type TestApp } from '../../test/harness.js';
import { enrol } from '../../test/spreadsheet-fixtures.js';

type Shown = { questionText: string; answers: string[] };
type Quiz = { sheetId: string | null; questions: Shown[]; [k: string]: unknown };

const HOUR = 3_600_000;
/** The right answer's text of each question the fixtures and this file write (theirs: 'right'). */
const RIGHT_TEXT = new Map<string, string>(QUESTIONS.map((q) => [q.questionText, q.answers[q.correctIndex]!]));
const rightOf = (q: Shown) => RIGHT_TEXT.get(q.questionText) ?? 'right';
/** The index among the shown answers of the right one, or of a wrong one. */
const pick = (q: Shown, right: boolean) => q.answers.findIndex((a) => (a === rightOf(q)) === right);

/** A bank of `n` questions whose right answer is 'right', among three wrong ones. */
const bank = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ questionText: `Question ${i + 1}?`, answers: ['right', `wrong ${i}a`, `wrong ${i}b`, `wrong ${i}c`], correctIndex: 0 }));

describe(`quizzes graded on the server (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let now = new Date();
  let admin: Session, learner: Session, other: Session;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await actorOf(t, 'admin');
    learner = await actorOf(t, 'customer');
    other = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  /** Moves the server's clock on; sessions sign in again, as their tokens would have expired. */
  const advance = async (ms: number) => {
    now = new Date(now.getTime() + ms);
    for (const s of [admin, learner, other]) Object.assign(s, await signIn(t, s.user.email));
  };

  const req = requester(() => t);

  /** A published course of a video, a pdf and a quiz lesson (the fixtures' two questions, or `questions`), `learner` enrolled. */
  async function course(
    cert?: { passingScore: number; attemptsLimit?: number; retryWaitHours?: number; validityMonths?: number | null },
    quiz: { questions?: ReturnType<typeof bank>; drawCount?: number } = {},
  ) {
    const [author, doc] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth)]);
    const made = await req('POST', '/api/v1/assignments', admin, { title: `Quiz ${Math.random()}`, questions: quiz.questions ?? QUESTIONS, drawCount: quiz.drawCount });
    expect(made.statusCode, made.body).toBe(201);
    const assignment = made.json() as { id: string };
    const c = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id });
    if (cert) {
      const res = await req('POST', '/api/v1/certifications', admin, { name: `Installer ${c.id.slice(0, 6)}`, courseId: c.id, ...cert });
      expect(res.statusCode, res.body).toBe(201);
    }
    await enrol(t, learner.user.id, c.id);
    return { courseId: c.id, assignmentId: assignment.id, lessons: c.sections[0]!.lessons };
  }

  const readQuiz = async (s: Session, assignmentId: string, courseId?: string): Promise<Quiz> => {
    const res = await req('GET', `/api/v1/assignments/${assignmentId}/quiz${courseId ? `?courseId=${courseId}` : ''}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const attempt = (s: Session, assignmentId: string, body: { answers: number[]; sheetId?: string | null; courseId?: string }, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/assignments/${assignmentId}/attempts`,
      headers: { ...s.auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { answers: body.answers, ...(body.sheetId ? { sheetId: body.sheetId } : {}), ...(body.courseId ? { courseId: body.courseId } : {}) },
    });

  /** Opens the quiz and answers it: every question right (true), wrong (false), or per shown question. */
  async function answer(s: Session, assignmentId: string, right: boolean | boolean[], extra: { courseId?: string; key?: string } = {}) {
    const quiz = await readQuiz(s, assignmentId, extra.courseId);
    // No sheet shown (passed, or the round used up): the answers still go, to be refused.
    const answers = quiz.questions.length ? quiz.questions.map((q, i) => pick(q, Array.isArray(right) ? right[i]! : right)) : [0, 0];
    return attempt(s, assignmentId, { answers, sheetId: quiz.sheetId, courseId: extra.courseId }, extra.key);
  }

  it('gives an enrolled learner a sheet of the questions with their answers shuffled, the pass mark and the attempts, never the key', async () => {
    const q = await course({ passingScore: 80, attemptsLimit: 3 });
    const quiz = await readQuiz(learner, q.assignmentId, q.courseId);
    expect(quiz).toEqual({
      id: q.assignmentId,
      courseId: q.courseId,
      title: expect.any(String),
      questions: expect.any(Array),
      sheetId: expect.any(String),
      passingScore: 80,
      attemptsLimit: 3,
      retryWaitHours: 24,
      attemptsUsed: 0,
      opensAt: null,
      passed: false,
      attempts: [],
    });
    // Every question of the bank, each with all its answers, in some order.
    const sorted = (qs: Shown[]) => qs.map((x) => ({ questionText: x.questionText, answers: [...x.answers].sort() })).sort((a, b) => a.questionText.localeCompare(b.questionText));
    expect(sorted(quiz.questions)).toEqual(sorted(QUESTIONS.map(({ questionText, answers }) => ({ questionText, answers }))));
    expect(keysOf(quiz).has('correctIndex')).toBe(false);
    // Reloading shows the same sheet; without courseId: the learner's course that uses it.
    const again = await readQuiz(learner, q.assignmentId);
    expect([again.courseId, again.sheetId, again.questions]).toEqual([q.courseId, quiz.sheetId, quiz.questions]);
  });

  it('answers 404 to a learner not enrolled, and for a quiz or course that does not exist; admins read any quiz, without a sheet', async () => {
    const q = await course({ passingScore: 80 });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, other)).json()).toMatchObject({ message: m.notEnrolled });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, other)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${MISSING}/quiz`, learner)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz?courseId=${MISSING}`, learner)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz?courseId=nope`, learner)).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`)).statusCode).toBe(401);
    const staff = await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ sheetId: null, questions: QUESTIONS.map(({ questionText, answers }) => ({ questionText, answers })) });
    expect(keysOf(staff.json()).has('correctIndex')).toBe(false);
    expect(await t.db.select().from(quizSheets).where(eq(quizSheets.userId, admin.user.id))).toEqual([]);
    expect((await attempt(other, q.assignmentId, { answers: [0, 1] })).statusCode).toBe(404);
    expect((await attempt(admin, q.assignmentId, { answers: [0, 1] })).json()).toMatchObject({ message: m.notEnrolled });
  });

  it('grades on the server against the shown order: score and pass or fail, which questions were wrong only after a pass', async () => {
    const q = await course({ passingScore: 80 });
    const half = await answer(learner, q.assignmentId, [true, false]);
    expect(half.statusCode, half.body).toBe(201);
    expect(half.json()).toEqual({
      id: expect.any(String),
      attemptNumber: 1,
      score: 50,
      passed: false,
      passingScore: 80,
      attemptsLeft: 2,
      opensAt: null,
      created_at: expect.any(String),
    });
    const quiz = await readQuiz(learner, q.assignmentId);
    const right = await attempt(learner, q.assignmentId, { answers: quiz.questions.map((x) => pick(x, true)), sheetId: quiz.sheetId, courseId: q.courseId });
    expect(right.json()).toMatchObject({ attemptNumber: 2, score: 100, passed: true, attemptsLeft: 1, opensAt: null });
    // Per question as shown: its text and whether the learner's answer was right.
    expect(right.json().results).toEqual(quiz.questions.map((x) => ({ question: x.questionText, correct: true })));
    const after = await readQuiz(learner, q.assignmentId);
    expect(after).toMatchObject({ passed: true, attemptsUsed: 2, sheetId: null, questions: [] });
    expect(after.attempts).toEqual([half.json(), right.json()]);
    // Passed: no more attempts.
    const more = await attempt(learner, q.assignmentId, { answers: [0, 0], sheetId: quiz.sheetId });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: codeOf(m.quizAlreadyPassed), message: m.quizAlreadyPassed });
    // Another learner's attempts are not theirs to read.
    await enrol(t, other.user.id, q.courseId);
    expect((await readQuiz(other, q.assignmentId)).attempts).toEqual([]);
  });

  it('refuses the wrong number of answers, an answer that does not exist and a body without answers, and keeps the sheet', async () => {
    const q = await course({ passingScore: 50 });
    const { sheetId } = await readQuiz(learner, q.assignmentId);
    const short = await attempt(learner, q.assignmentId, { answers: [0], sheetId });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([issue('answers', m.answersCountMismatch)]);
    const beyond = await attempt(learner, q.assignmentId, { answers: [0, 5], sheetId });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().issues).toEqual([issue('answers.1', m.answerRequired)]);
    expect((await attempt(learner, q.assignmentId, { answers: [], sheetId })).statusCode).toBe(400);
    expect((await req('POST', `/api/v1/assignments/${q.assignmentId}/attempts`, learner, {})).json().issues[0]).toMatchObject({ path: 'answers', message: m.answersRequired });
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId))).toEqual([]);
    expect((await readQuiz(learner, q.assignmentId)).sheetId).toBe(sheetId);
  });

  it('grades only the open sheet: another, an answered or no sheetId is a 409; the attempt keeps the layout and a new sheet follows', async () => {
    const q = await course({ passingScore: 100 });
    const quiz = await readQuiz(learner, q.assignmentId);
    const answers = quiz.questions.map((x) => pick(x, false));
    for (const sheetId of [MISSING, undefined]) {
      const stale = await attempt(learner, q.assignmentId, { answers, sheetId });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: codeOf(m.quizSheetStale), message: m.quizSheetStale });
    }
    expect((await attempt(learner, q.assignmentId, { answers, sheetId: quiz.sheetId })).statusCode).toBe(201);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId));
    expect(await t.db.select().from(quizSheets).where(eq(quizSheets.id, quiz.sheetId!))).toEqual([]);
    expect(row!.layout).toHaveLength(2);
    expect(row!.layout!.map((l) => QUESTIONS[l.question]!.questionText)).toEqual(quiz.questions.map((x) => x.questionText));
    expect(row!.layout!.map((l) => l.answers.map((a) => QUESTIONS[l.question]!.answers[a]))).toEqual(quiz.questions.map((x) => x.answers));
    // The answered sheet is gone: answering it again is stale; the next read draws a new one.
    expect((await attempt(learner, q.assignmentId, { answers, sheetId: quiz.sheetId })).json()).toMatchObject({ message: m.quizSheetStale });
    const next = await readQuiz(learner, q.assignmentId);
    expect(next.sheetId).toEqual(expect.any(String));
    expect(next.sheetId).not.toBe(quiz.sheetId);
  });

  it('gives attemptsLimit attempts in a row, then a 429 until retryWaitHours after the last; results only after the last of a round', async () => {
    const q = await course({ passingScore: 100, attemptsLimit: 3, retryWaitHours: 24 });
    const first = await answer(learner, q.assignmentId, false);
    expect(first.json()).toMatchObject({ attemptNumber: 1, attemptsLeft: 2, passed: false, opensAt: null });
    expect(keysOf(first.json()).has('results')).toBe(false);
    const second = await answer(learner, q.assignmentId, [true, false]);
    expect(second.json()).toMatchObject({ attemptNumber: 2, attemptsLeft: 1, score: 50 });
    expect(keysOf(second.json()).has('results')).toBe(false);
    const lastQuiz = await readQuiz(learner, q.assignmentId);
    const third = await attempt(learner, q.assignmentId, { answers: lastQuiz.questions.map((x) => pick(x, false)), sheetId: lastQuiz.sheetId });
    const opensAt = new Date(now.getTime() + 24 * HOUR).toISOString();
    expect(third.json()).toMatchObject({ attemptNumber: 3, attemptsLeft: 0, passed: false, opensAt });
    expect(third.json().results).toEqual(lastQuiz.questions.map((x) => ({ question: x.questionText, correct: false })));
    // The quiz says so, shows no sheet, and keeps the results of the last attempt only.
    const closed = await readQuiz(learner, q.assignmentId);
    expect(closed).toMatchObject({ attemptsUsed: 3, opensAt, sheetId: null, questions: [], passed: false });
    expect((closed.attempts as { results?: unknown }[]).map((a) => a.results !== undefined)).toEqual([false, false, true]);

    const fourth = await attempt(learner, q.assignmentId, { answers: [0, 0], sheetId: lastQuiz.sheetId });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'academy.attemptsExhausted', params: { opensAt } });
    expect(fourth.json().message).toContain(opensAt);
    expect(Number(fourth.headers['retry-after'])).toBe(24 * 3600);
    await advance(23 * HOUR);
    const stillShut = await answer(learner, q.assignmentId, true);
    expect(stillShut.statusCode).toBe(429);
    expect(Number(stillShut.headers['retry-after'])).toBe(3600);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId))).toHaveLength(3);

    // After the wait a new round opens: three more attempts, numbered on.
    await advance(HOUR);
    const reopened = await readQuiz(learner, q.assignmentId);
    expect(reopened).toMatchObject({ attemptsUsed: 0, opensAt: null, sheetId: expect.any(String) });
    expect(reopened.questions).toHaveLength(2);
    const fifth = await attempt(learner, q.assignmentId, { answers: reopened.questions.map((x) => pick(x, false)), sheetId: reopened.sheetId });
    expect(fifth.json()).toMatchObject({ attemptNumber: 4, attemptsLeft: 2, opensAt: null });
    expect(keysOf(fifth.json()).has('results')).toBe(false);
    const pass = await answer(learner, q.assignmentId, true);
    expect(pass.json()).toMatchObject({ attemptNumber: 5, passed: true, attemptsLeft: 1 });
    expect(pass.json().results).toHaveLength(2);
  });

  it('numbers attempts within the enrolment cycle: a new cycle starts from attempt 1 with a full round', async () => {
    const q = await course({ passingScore: 100, attemptsLimit: 1 });
    expect((await answer(learner, q.assignmentId, false)).json()).toMatchObject({ attemptNumber: 1, attemptsLeft: 0 });
    expect((await answer(learner, q.assignmentId, true)).statusCode).toBe(429);
    await t.db.update(enrolments).set({ cycle: 2 }).where(and(eq(enrolments.userId, learner.user.id), eq(enrolments.courseId, q.courseId)));
    const quiz = await readQuiz(learner, q.assignmentId);
    expect(quiz).toMatchObject({ attempts: [], attemptsUsed: 0, opensAt: null, passed: false });
    expect((await answer(learner, q.assignmentId, true)).json()).toMatchObject({ attemptNumber: 1, passed: true });
    const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId));
    expect(rows.map((r) => [r.cycle, r.attemptNumber, r.passed]).sort()).toEqual([[1, 1, false], [2, 1, true]]);
  });

  it('passes every graded attempt of a course without a certification (pass mark 0)', async () => {
    const q = await course();
    const res = await answer(learner, q.assignmentId, false);
    expect(res.json()).toMatchObject({ score: 0, passed: true, passingScore: 0, attemptsLeft: 2 });
    expect(res.json().results).toHaveLength(2);
    expect(await readQuiz(learner, q.assignmentId)).toMatchObject({ passingScore: 0, attemptsLimit: 3, retryWaitHours: 24, passed: true });
  });

  it('shuffles the questions and their answers for each attempt', async () => {
    const q = await course({ passingScore: 100, attemptsLimit: 20 }, { questions: bank(6) });
    const orders = new Set<string>();
    const answerOrders = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const quiz = await readQuiz(learner, q.assignmentId);
      expect(quiz.questions.map((x) => x.questionText).sort()).toEqual(bank(6).map((x) => x.questionText));
      orders.add(quiz.questions.map((x) => x.questionText).join('|'));
      answerOrders.add(quiz.questions.map((x) => x.answers.join(',')).sort().join('|'));
      const res = await attempt(learner, q.assignmentId, { answers: quiz.questions.map((x) => pick(x, false)), sheetId: quiz.sheetId });
      expect(res.json()).toMatchObject({ attemptNumber: i + 1, score: 0 });
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(answerOrders.size).toBeGreaterThan(1);
    // Right answers wherever they were shown: full marks.
    expect((await answer(learner, q.assignmentId, true)).json()).toMatchObject({ score: 100, passed: true });
  });

  it('draws drawCount questions of the bank for each sheet and grades those', async () => {
    const q = await course({ passingScore: 100, attemptsLimit: 10 }, { questions: bank(6), drawCount: 3 });
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const quiz = await readQuiz(learner, q.assignmentId);
      expect(quiz.questions).toHaveLength(3);
      expect(new Set(quiz.questions.map((x) => x.questionText)).size).toBe(3);
      for (const x of quiz.questions) {
        expect(bank(6).map((b) => b.questionText)).toContain(x.questionText);
        seen.add(x.questionText);
      }
      const all = await attempt(learner, q.assignmentId, { answers: [0, 0, 0, 0, 0, 0], sheetId: quiz.sheetId });
      expect(all.json().issues).toEqual([issue('answers', m.answersCountMismatch)]);
      const two = await attempt(learner, q.assignmentId, { answers: quiz.questions.map((x, j) => pick(x, j < 2)), sheetId: quiz.sheetId });
      expect(two.json()).toMatchObject({ attemptNumber: i + 1, score: 67, passed: false });
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('issues the certificate when passing the quiz finishes the course, once', async () => {
    const q = await course({ passingScore: 80, validityMonths: 24 });
    await t.db.insert(lessonProgress).values(q.lessons.map((l) => ({ userId: learner.user.id, lessonId: l.id, courseId: q.courseId, seenAt: now, openedAt: now })));
    await answer(learner, q.assignmentId, [true, false]);
    const mine = () => t.db.select().from(certificates).where(and(eq(certificates.userId, learner.user.id), eq(certificates.courseId, q.courseId)));
    expect(await mine()).toEqual([]);
    await answer(learner, q.assignmentId, true);
    const [cert, ...more] = await mine();
    expect(more).toEqual([]);
    expect(cert).toMatchObject({ score: 100 });
    expect(cert!.expiresAt!.getUTCFullYear() - cert!.issuedAt.getUTCFullYear()).toBe(2);
    expect((await answer(learner, q.assignmentId, true)).statusCode).toBe(409);
    expect(await mine()).toHaveLength(1);
  });

  it('stores and grades 20 parallel submissions under one Idempotency-Key once, and answers each with that attempt', async () => {
    const q = await course({ passingScore: 80, attemptsLimit: 5 });
    const key = `quiz-${q.courseId}`;
    const quiz = await readQuiz(learner, q.assignmentId);
    const right = { answers: quiz.questions.map((x) => pick(x, true)), sheetId: quiz.sheetId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(learner, q.assignmentId, right, key)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
    const ids = new Set(answers.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attemptNumber: 1, score: 100, idempotencyKey: key });
    // The same key again answers the same attempt, though its sheet is gone; with other answers it is refused.
    const resent = await attempt(learner, q.assignmentId, right, key);
    expect([resent.statusCode, resent.json().id]).toEqual([200, [...ids][0]]);
    const reused = await attempt(learner, q.assignmentId, { answers: right.answers.map((a) => (a === 0 ? 1 : 0)), sheetId: quiz.sheetId }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: m.idempotencyKeyReused });
    expect((await attempt(learner, q.assignmentId, right, 'bad key!')).statusCode).toBe(400);
    // Another learner's same key is theirs alone.
    await enrol(t, other.user.id, q.courseId);
    expect((await answer(other, q.assignmentId, false, { key })).statusCode).toBe(201);
  });

  it('lets no answer key reach a learner, before or after submitting, on any read a learner can make', async () => {
    const q = await course({ passingScore: 80, attemptsLimit: 1 });
    const reads = [
      '/api/v1/courses',
      `/api/v1/courses/${q.courseId}`,
      `/api/v1/assignments/${q.assignmentId}`,
      `/api/v1/assignments/${q.assignmentId}/quiz`,
      '/api/v1/certifications',
      '/api/v1/authors',
    ];
    const leaks = async (who?: Session) => {
      const found: string[] = [];
      for (const url of reads) {
        const res = await req('GET', url, who);
        if (res.statusCode === 401 && !who) continue;
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
        if (keysOf(res.json()).has('correctIndex') || /correct_?index/i.test(res.body)) found.push(url);
      }
      return found;
    };
    expect(await leaks(learner)).toEqual([]);
    // The last attempt of its round: results, and still nothing of which answer was right.
    const graded = await answer(learner, q.assignmentId, false);
    expect(keysOf(graded.json()).has('correctIndex')).toBe(false);
    expect(Object.keys(graded.json().results[0]).sort()).toEqual(['correct', 'question']);
    for (const qn of QUESTIONS) expect(graded.body).not.toContain(qn.answers[qn.correctIndex]);
    expect(await leaks(learner)).toEqual([]);
    expect(await leaks()).toEqual([]);
  });
});

describe(`an enrolment's quiz attempts for staff (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  it('lists quiz, cycle, number, score, passed and date, to admins and to the learner\'s own dealer only', async () => {
    const [author, doc] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth)]);
    const assignment = (await req('POST', '/api/v1/assignments', admin, { title: 'Mat basics', questions: QUESTIONS })).json();
    const c = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id });
    await req('POST', '/api/v1/certifications', admin, { name: 'Mat installer', courseId: c.id, passingScore: 100 });
    const mine = await enrol(t, contractor.user.id, c.id);
    const theirs = await enrol(t, customer.user.id, c.id);
    for (const right of [false, true]) {
      const quiz = (await req('GET', `/api/v1/assignments/${assignment.id}/quiz`, contractor)).json() as Quiz;
      const res = await req('POST', `/api/v1/assignments/${assignment.id}/attempts`, contractor, { answers: quiz.questions.map((x) => pick(x, right)), sheetId: quiz.sheetId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = await req('GET', `/api/v1/students/${mine.id}/attempts`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: expect.any(String), assignmentId: assignment.id, quizTitle: 'Mat basics', cycle: 1, attemptNumber: 1, score: 0, passed: false, created_at: expect.any(String) },
      { id: expect.any(String), assignmentId: assignment.id, quizTitle: 'Mat basics', cycle: 1, attemptNumber: 2, score: 100, passed: true, created_at: expect.any(String) },
    ]);
    expect(list.body).not.toMatch(/answers|results|layout/);
    expect((await req('GET', `/api/v1/students/${mine.id}/attempts`, dealer)).json()).toEqual(list.json());
    expect((await req('GET', `/api/v1/students/${theirs.id}/attempts`, admin)).json()).toEqual([]);
    // Another dealer's contractor, or a customer, is not the dealer's to see.
    for (const [who, id] of [[otherDealer, mine.id], [dealer, theirs.id], [admin, MISSING]] as const) {
      const res = await req('GET', `/api/v1/students/${id}/attempts`, who);
      expect([res.statusCode, res.json().message]).toEqual([404, m.enrolmentNotFound]);
    }
    expect((await req('GET', `/api/v1/students/${mine.id}/attempts`, contractor)).statusCode).toBe(403);
    expect((await req('GET', `/api/v1/students/${mine.id}/attempts`)).statusCode).toBe(401);
    expect((await req('GET', '/api/v1/students/nope/attempts', admin)).statusCode).toBe(400);
  });
});
