import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { certificates, lessonProgress, quizAttempts } from '../../db/schema/academy.js';
import { keysOf, makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, onPostgres, requester, type Session, type TestApp } from '../../test/harness.js';
import { enrol } from '../../test/spreadsheet-fixtures.js';

/** QUESTIONS of the fixtures: the right answers are 0 then 1. */
const RIGHT = [0, 1];
const HALF = [0, 0];
const WRONG = [1, 0];

describe(`quizzes graded on the server (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let admin: Session, learner: Session, other: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    learner = await actorOf(t, 'customer');
    other = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  /** A published course of a video, a pdf and a quiz lesson, with a certification when `cert` is given; `learner` enrolled. */
  async function course(cert?: { passingScore: number; attemptsLimit?: number | null; validityMonths?: number | null }) {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const c = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id });
    if (cert) {
      const res = await req('POST', '/api/v1/certifications', admin, { name: `Installer ${c.id.slice(0, 6)}`, courseId: c.id, ...cert });
      expect(res.statusCode, res.body).toBe(201);
    }
    await enrol(t, learner.user.id, c.id);
    return { courseId: c.id, assignmentId: assignment.id, lessons: c.sections[0]!.lessons };
  }

  const attempt = (s: Session, assignmentId: string, answers: number[], extra: { courseId?: string; key?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/assignments/${assignmentId}/attempts`,
      headers: { ...s.auth, ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
      payload: { answers, ...(extra.courseId ? { courseId: extra.courseId } : {}) },
    });

  it('gives an enrolled learner the questions and answers, the pass mark and the attempts, never the key', async () => {
    const q = await course({ passingScore: 80, attemptsLimit: 3 });
    const res = await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz?courseId=${q.courseId}`, learner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: q.assignmentId,
      courseId: q.courseId,
      title: expect.any(String),
      questions: [
        { questionText: 'What protects every snowmelt circuit?', answers: ['A 30 mA ground-fault device', 'A fuse only', 'Nothing'] },
        { questionText: 'Can a heating mat be cut to length?', answers: ['Yes', 'No'] },
      ],
      passingScore: 80,
      attemptsLimit: 3,
      attemptsUsed: 0,
      attempts: [],
    });
    // Without courseId: the learner's course that uses it.
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, learner)).json().courseId).toBe(q.courseId);
  });

  it('answers 404 to a learner not enrolled, and for a quiz or course that does not exist; admins read any quiz', async () => {
    const q = await course({ passingScore: 80 });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, other)).json()).toMatchObject({ message: m.notEnrolled });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, other)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${MISSING}/quiz`, learner)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz?courseId=${MISSING}`, learner)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz?courseId=nope`, learner)).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`)).statusCode).toBe(401);
    const staff = await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, admin);
    expect(staff.statusCode).toBe(200);
    expect(keysOf(staff.json()).has('correctIndex')).toBe(false);
    expect((await attempt(other, q.assignmentId, RIGHT)).statusCode).toBe(404);
    expect((await attempt(admin, q.assignmentId, RIGHT)).json()).toMatchObject({ message: m.notEnrolled });
  });

  it('grades on the server: score, passed against the certification, per-question correctness, numbered attempts', async () => {
    const q = await course({ passingScore: 80 });
    const half = await attempt(learner, q.assignmentId, HALF);
    expect(half.statusCode).toBe(201);
    expect(half.json()).toEqual({
      id: expect.any(String),
      attemptNumber: 1,
      score: 50,
      passed: false,
      passingScore: 80,
      attemptsLeft: null,
      results: [{ correct: true }, { correct: false }],
      created_at: expect.any(String),
    });
    const right = (await attempt(learner, q.assignmentId, RIGHT, { courseId: q.courseId })).json();
    expect(right).toMatchObject({ attemptNumber: 2, score: 100, passed: true, results: [{ correct: true }, { correct: true }] });
    const quiz = (await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, learner)).json();
    expect(quiz.attemptsUsed).toBe(2);
    expect(quiz.attempts.map((a: { attemptNumber: number; score: number }) => [a.attemptNumber, a.score])).toEqual([[1, 50], [2, 100]]);
    // Another learner's attempts are not theirs to read.
    await enrol(t, other.user.id, q.courseId);
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, other)).json().attempts).toEqual([]);
  });

  it('refuses the wrong number of answers, an answer that does not exist and a body without answers', async () => {
    const q = await course({ passingScore: 50 });
    const short = await attempt(learner, q.assignmentId, [0]);
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([issue('answers', m.answersCountMismatch)]);
    const beyond = await attempt(learner, q.assignmentId, [0, 5]);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().issues).toEqual([issue('answers.1', m.answerRequired)]);
    expect((await attempt(learner, q.assignmentId, [])).statusCode).toBe(400);
    expect((await req('POST', `/api/v1/assignments/${q.assignmentId}/attempts`, learner, {})).json().issues[0]).toMatchObject({ path: 'answers', message: m.answersRequired });
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId))).toEqual([]);
  });

  it('stops at the attempts limit with a 409', async () => {
    const q = await course({ passingScore: 100, attemptsLimit: 2 });
    expect((await attempt(learner, q.assignmentId, WRONG)).json()).toMatchObject({ attemptNumber: 1, attemptsLeft: 1, passed: false });
    expect((await attempt(learner, q.assignmentId, HALF)).json()).toMatchObject({ attemptNumber: 2, attemptsLeft: 0 });
    const third = await attempt(learner, q.assignmentId, RIGHT);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: m.attemptsUsedUp });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, learner)).json()).toMatchObject({ attemptsLimit: 2, attemptsUsed: 2 });
  });

  it('passes every graded attempt of a course without a certification (pass mark 0) and sets no limit', async () => {
    const q = await course();
    expect((await attempt(learner, q.assignmentId, WRONG)).json()).toMatchObject({ score: 0, passed: true, passingScore: 0, attemptsLeft: null });
    expect((await req('GET', `/api/v1/assignments/${q.assignmentId}/quiz`, learner)).json()).toMatchObject({ passingScore: 0, attemptsLimit: null });
  });

  it('issues the certificate when passing the quiz finishes the course, once', async () => {
    const q = await course({ passingScore: 80, validityMonths: 24 });
    const others = q.lessons.filter((l) => l.title !== 'Quiz');
    await t.db.insert(lessonProgress).values(q.lessons.map((l) => ({ userId: learner.user.id, lessonId: l.id, courseId: q.courseId, seenAt: new Date() })));
    expect(others).toHaveLength(2);
    await attempt(learner, q.assignmentId, HALF);
    const mine = () => t.db.select().from(certificates).where(and(eq(certificates.userId, learner.user.id), eq(certificates.courseId, q.courseId)));
    expect(await mine()).toEqual([]);
    await attempt(learner, q.assignmentId, RIGHT);
    const [cert, ...more] = await mine();
    expect(more).toEqual([]);
    expect(cert).toMatchObject({ score: 100 });
    expect(cert!.expiresAt!.getUTCFullYear() - cert!.issuedAt.getUTCFullYear()).toBe(2);
    await attempt(learner, q.assignmentId, RIGHT);
    expect(await mine()).toHaveLength(1);
  });

  it('stores and grades 20 parallel submissions under one Idempotency-Key once, and answers each with that attempt', async () => {
    const q = await course({ passingScore: 80, attemptsLimit: 5 });
    const key = `quiz-${q.courseId}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(learner, q.assignmentId, RIGHT, { key })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
    const ids = new Set(answers.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.assignmentId, q.assignmentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attemptNumber: 1, score: 100, idempotencyKey: key });
    // The same key again answers the same attempt; with other answers it is refused.
    expect((await attempt(learner, q.assignmentId, RIGHT, { key })).json().id).toBe([...ids][0]);
    const reused = await attempt(learner, q.assignmentId, WRONG, { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: m.idempotencyKeyReused });
    expect((await attempt(learner, q.assignmentId, RIGHT, { key: 'bad key!' })).statusCode).toBe(400);
    // Another learner's same key is theirs alone.
    await enrol(t, other.user.id, q.courseId);
    expect((await attempt(other, q.assignmentId, WRONG, { key })).statusCode).toBe(201);
  });

  it('lets no answer key reach a learner, before or after submitting, on any read a learner can make', async () => {
    const q = await course({ passingScore: 80 });
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
    const graded = await attempt(learner, q.assignmentId, WRONG);
    expect(keysOf(graded.json()).has('correctIndex')).toBe(false);
    // Per question, only whether the learner's own answer was right.
    expect(Object.keys(graded.json().results[0])).toEqual(['correct']);
    expect(await leaks(learner)).toEqual([]);
    expect(await leaks()).toEqual([]);
  });
});
