import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { keysOf, makeAssignment, makeAuthor, makeCourse, makeDoc, QUESTIONS } from '../../test/academy-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';
import { makeCtx } from '../../lib/ctx.js';
import { getAssignment } from './assignments.service.js';

describe('academy content', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('assignments', () => {
    it('creates, reads, lists, edits and deletes an assignment', async () => {
      const res = await req('POST', '/api/v1/assignments', admin, { title: 'Snowmelt basics', questions: QUESTIONS });
      expect(res.statusCode).toBe(201);
      const a = res.json();
      expect(a).toMatchObject({ title: 'Snowmelt basics', questions: QUESTIONS, drawCount: null, lessonCount: 0 });
      expect((await req('GET', `/api/v1/assignments/${a.id}`, admin)).json()).toEqual(a);
      const row = (await req('GET', '/api/v1/assignments', admin)).json().find((x: { id: string }) => x.id === a.id);
      expect(row).toEqual({ id: a.id, title: 'Snowmelt basics', questionCount: 2, lessonCount: 0, created_at: a.created_at, updated_at: a.updated_at });

      const put = await req('PUT', `/api/v1/assignments/${a.id}`, admin, {
        title: 'Snowmelt basics (2)',
        questions: [{ questionText: 'Where does the sensor go?', answers: ['', 'In the pavement', '', 'On the roof'], correctIndex: 3 }],
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().questions).toEqual([{ questionText: 'Where does the sensor go?', answers: ['In the pavement', 'On the roof'], correctIndex: 1 }]);
      expect((await req('PUT', `/api/v1/assignments/${MISSING}`, admin, { title: 'X', questions: QUESTIONS })).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/assignments/permanent/${a.id}`, admin)).json()).toEqual({ message: m.assignmentDeleted });
      expect((await req('GET', `/api/v1/assignments/${a.id}`, admin)).statusCode).toBe(404);
    });

    it('keeps how many questions each attempt draws: at most the bank, empty for all', async () => {
      const bank = [...QUESTIONS, { questionText: 'Where does the sensor go?', answers: ['In the pavement', 'On the roof'], correctIndex: 0 }];
      const res = await req('POST', '/api/v1/assignments', admin, { title: 'Drawn', questions: bank, drawCount: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json().drawCount).toBe(2);
      expect((await req('GET', `/api/v1/assignments/${res.json().id}`, admin)).json().drawCount).toBe(2);
      const tooMany = await req('PUT', `/api/v1/assignments/${res.json().id}`, admin, { title: 'Drawn', questions: bank, drawCount: 4 });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().issues).toEqual([issue('drawCount', m.drawCountInvalid)]);
      expect((await req('PUT', `/api/v1/assignments/${res.json().id}`, admin, { title: 'Drawn', questions: bank, drawCount: 0 })).json().issues).toEqual([issue('drawCount', m.drawCountInvalid)]);
      const all = await req('PUT', `/api/v1/assignments/${res.json().id}`, admin, { title: 'Drawn', questions: bank, drawCount: '' });
      expect(all.statusCode).toBe(200);
      expect(all.json().drawCount).toBeNull();
      // Sent as text, as a form field may be.
      expect((await req('PUT', `/api/v1/assignments/${res.json().id}`, admin, { title: 'Drawn', questions: bank, drawCount: '3' })).json().drawCount).toBe(3);
      // Left out: every question.
      expect((await req('PUT', `/api/v1/assignments/${res.json().id}`, admin, { title: 'Drawn', questions: bank })).json().drawCount).toBeNull();
    });

    it('checks the title, each question, two answers and a correct one', async () => {
      const res = await req('POST', '/api/v1/assignments', admin, {
        title: '',
        questions: [
          { questionText: '', answers: ['Only one', ''], correctIndex: 1 },
          { questionText: 'Fine', answers: ['A', 'B'], correctIndex: 5 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        issue('title', m.assignmentTitleRequired),
        issue('questions.0.questionText', m.questionTextRequired),
        issue('questions.0.answers', m.answersMin),
        issue('questions.0.correctIndex', m.correctAnswerRequired),
        issue('questions.1.correctIndex', m.correctAnswerRequired),
      ]);
      expect((await req('POST', '/api/v1/assignments', admin, { title: 'Empty', questions: [] })).json().message).toBe(m.questionsRequired);
    });

    it('lets learners read only the title of a published course\'s assignment: the questions come drawn through /quiz', async () => {
      const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
      const refs = { author: author.id, doc: doc.id, assignment: assignment.id };
      expect((await req('GET', `/api/v1/assignments/${assignment.id}`, customer)).statusCode).toBe(404);
      // A draft course's assignment stays hidden, from every learner role.
      await makeCourse(t, admin.auth, refs, { status: 'draft' });
      const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      for (const who of [customer, contractor, dealer]) {
        const hidden = await req('GET', `/api/v1/assignments/${assignment.id}`, who);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json().message).toBe(m.assignmentNotFound);
      }
      await makeCourse(t, admin.auth, refs);
      const res = await req('GET', `/api/v1/assignments/${assignment.id}`, customer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: assignment.id, title: assignment.title, questions: [] });
      expect(res.body).not.toContain('correctIndex');
      expect(res.body).not.toContain(QUESTIONS[0]!.questionText);
      // The service itself leaves the key out, not only the response schema.
      const learnerCtx = makeCtx(t.deps, { server: t.app, user: { id: customer.user.id, role: 'customer', fullname: customer.user.fullname, email: customer.user.email } } as never);
      expect(keysOf(await getAssignment(learnerCtx, assignment.id)).has('correctIndex')).toBe(false);
      expect((await req('GET', `/api/v1/assignments/${assignment.id}`)).statusCode).toBe(401);
    });
  });
});
