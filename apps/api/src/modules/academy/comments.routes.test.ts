import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';
import * as repo from './comments.repo.js';

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

  describe('comments', () => {
    it('lists comments newest first with course, lesson and learner; replies and deletes', async () => {
      const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
      const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id });
      const lesson = course.sections[0]!.lessons[0]!;
      const older = await repo.insertComment(t.db, { courseId: course.id, lessonId: lesson.id, userId: customer.user.id, comment: 'How deep should the mat sit?', createdAt: new Date(Date.now() - 60_000) });
      const newer = await repo.insertComment(t.db, { courseId: course.id, userId: dealer.user.id, comment: 'Is there a French version?' });

      const list = (await req('GET', '/api/v1/courses/comments/all', admin)).json();
      expect(list.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
      expect(list[1]).toEqual({
        id: older.id,
        courseId: course.id,
        courseTitle: course.courseTitle,
        lessonId: lesson.id,
        lessonTitle: lesson.title,
        userId: customer.user.id,
        learnerName: customer.user.fullname,
        comment: 'How deep should the mat sit?',
        reply: null,
        repliedBy: null,
        replied_at: null,
        created_at: older.createdAt.toISOString(),
      });
      expect(list[0]).toMatchObject({ lessonId: null, lessonTitle: null, learnerName: dealer.user.fullname });

      const empty = await req('POST', `/api/v1/courses/comments/${older.id}/reply`, admin, { comment: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ message: m.replyRequired, issues: [issue('comment', m.replyRequired)] });
      const reply = await req('POST', `/api/v1/courses/comments/${older.id}/reply`, admin, { comment: 'Embed it 40 to 50 mm below the surface.' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ id: older.id, reply: 'Embed it 40 to 50 mm below the surface.', repliedBy: admin.user.fullname });
      expect(reply.json().replied_at).toEqual(expect.any(String));
      expect((await req('POST', `/api/v1/courses/comments/${MISSING}/reply`, admin, { comment: 'Hi' })).statusCode).toBe(404);

      expect((await req('DELETE', `/api/v1/courses/comment/permanent/${newer.id}`, admin)).json()).toEqual({ message: m.commentDeleted });
      expect((await req('GET', '/api/v1/courses/comments/all', admin)).json().map((c: { id: string }) => c.id)).toEqual([older.id]);
      expect((await req('DELETE', `/api/v1/courses/comment/permanent/${newer.id}`, admin)).statusCode).toBe(404);
    });
  });
});
