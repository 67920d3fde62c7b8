import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { DOC_MAX_BYTES } from '@meltway/shared/academy/limits';
import { keysOf, makeAssignment, makeAuthor, makeCourse, makeDoc, PDF, QUESTIONS } from '../../test/academy-fixtures.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';
import { makeCtx } from '../../lib/ctx.js';
import * as repo from './academy.repo.js';
import { getAssignment } from './academy.service.js';

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

  describe('authors', () => {
    it('creates, lists, edits and deletes authors with their picture', async () => {
      const res = await req('POST', '/api/v1/authors', admin, form({ name: 'Nadia Chen', description: 'Master electrician, 20 winters of snowmelt.' }, [['image', 'n.png', PNG]]));
      expect(res.statusCode).toBe(201);
      const author = res.json();
      expect(author).toMatchObject({ name: 'Nadia Chen', description: 'Master electrician, 20 winters of snowmelt.', courseCount: 0 });
      expect(author.image).toMatch(/^\/uploads\/authors\/.+\.png$/);
      expect((await req('GET', '/api/v1/authors')).json().map((a: { id: string }) => a.id)).toContain(author.id);
      expect((await req('GET', '/api/v1/authors?q=nadia')).json()).toHaveLength(1);

      const edited = await req('PUT', `/api/v1/authors/${author.id}`, admin, form({ description: 'Trainer' }, [['image', 'm.png', PNG]]));
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Nadia Chen', description: 'Trainer' });
      expect(edited.json().image).not.toBe(author.image);
      expect((await req('GET', author.image)).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/authors/${MISSING}`, admin, form({ name: 'X' }))).statusCode).toBe(404);

      expect((await req('DELETE', `/api/v1/authors/permanent/${author.id}`, admin)).json()).toEqual({ message: m.authorDeleted });
      expect((await req('GET', edited.json().image)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/authors/permanent/${author.id}`, admin)).statusCode).toBe(404);
    });

    it('requires a name and a real image under 2MB', async () => {
      const res = await req('POST', '/api/v1/authors', admin, form({ name: ' ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: m.authorNameRequired, issues: [issue('name', m.authorNameRequired)] });
      const fake = await req('POST', '/api/v1/authors', admin, form({ name: 'Fake' }, [['image', 'x.png', Buffer.from('plain text, not a picture')]]));
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(m.imageOnly);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await req('POST', '/api/v1/authors', admin, form({ name: 'Big' }, [['image', 'big.png', big]]));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(m.imageTooLarge);
    });
  });

  describe('documents', () => {
    it('stores a PDF sent as `file` or as `image`, lists it and serves it as a PDF', async () => {
      const res = await req('POST', '/api/v1/docs', admin, form({ name: 'Installation checklist' }, [['file', 'checklist.pdf', PDF]]));
      expect(res.statusCode).toBe(201);
      const doc = res.json();
      expect(doc).toMatchObject({ name: 'Installation checklist', size: PDF.byteLength, lessonCount: 0 });
      expect(doc.image).toMatch(/^\/uploads\/docs\/[a-f0-9-]+\.pdf$/);
      const legacy = await req('POST', '/api/v1/docs', admin, form({ name: 'Wiring diagram' }, [['image', 'wiring.pdf', PDF]]));
      expect(legacy.statusCode).toBe(201);

      const list = (await req('GET', '/api/v1/docs', admin)).json();
      expect(list.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['Installation checklist', 'Wiring diagram']));
      expect((await req('GET', `/api/v1/docs/${doc.id}`, admin)).json()).toEqual({ image: doc.image });

      const file = await req('GET', doc.image);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).not.toContain('sandbox');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    });

    it('refuses a file that is not a PDF by its bytes (415), one over 20 MB (413), and a missing name or file (400)', async () => {
      const fake = await req('POST', '/api/v1/docs', admin, form({ name: 'Fake' }, [['file', 'fake.pdf', Buffer.from('This is only text that calls itself a PDF.')]]));
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toMatchObject({ message: m.docType, code: 'academy.docType' });
      const png = await req('POST', '/api/v1/docs', admin, form({ name: 'Picture' }, [['file', 'picture.pdf', PNG]]));
      expect(png.statusCode).toBe(415);

      const big = Buffer.concat([PDF, Buffer.alloc(DOC_MAX_BYTES)]);
      const tooBig = await req('POST', '/api/v1/docs', admin, form({ name: 'Huge' }, [['file', 'huge.pdf', big]]));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(m.docTooLarge);
      // Larger than an image may be: documents have their own limit.
      const large = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
      expect((await req('POST', '/api/v1/docs', admin, form({ name: 'Large manual' }, [['file', 'manual.pdf', large]]))).statusCode).toBe(201);

      const noFile = await req('POST', '/api/v1/docs', admin, form({ name: 'Nothing' }));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toMatchObject({ message: m.docFileRequired, issues: [issue('file', m.docFileRequired)] });
      const noName = await req('POST', '/api/v1/docs', admin, form({ name: '' }, [['file', 'a.pdf', PDF]]));
      expect(noName.json().message).toBe(m.docNameRequired);
    });

    it('gives learners the file of a document only when a published course uses it', async () => {
      const [doc, author, assignment] = await Promise.all([makeDoc(t, admin.auth), makeAuthor(t, admin.auth), makeAssignment(t, admin.auth)]);
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).statusCode).toBe(404);
      const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id }, { status: 'draft' });
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).statusCode).toBe(404);
      await req('PUT', `/api/v1/courses/${course.id}`, admin, { ...((await req('GET', `/api/v1/courses/${course.id}`, admin)).json() as object), author: author.id, status: 'published' });
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).json()).toEqual({ image: doc.image });
      expect((await req('GET', `/api/v1/docs/${doc.id}`)).statusCode).toBe(401);
      expect((await req('GET', `/api/v1/docs/${MISSING}`, admin)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/docs/permanent/${MISSING}`, admin)).statusCode).toBe(404);
    });
  });

  describe('assignments', () => {
    it('creates, reads, lists, edits and deletes an assignment', async () => {
      const res = await req('POST', '/api/v1/assignments', admin, { title: 'Snowmelt basics', questions: QUESTIONS });
      expect(res.statusCode).toBe(201);
      const a = res.json();
      expect(a).toMatchObject({ title: 'Snowmelt basics', questions: QUESTIONS, lessonCount: 0 });
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

    it('lets learners read the questions of a published course\'s assignment, without the answer key', async () => {
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
      expect(res.json()).toEqual({ id: assignment.id, title: assignment.title, questions: QUESTIONS.map(({ questionText, answers }) => ({ questionText, answers })) });
      expect(res.body).not.toContain('correctIndex');
      // The service itself leaves the key out, not only the response schema.
      const learnerCtx = makeCtx(t.deps, { user: { id: customer.user.id, role: 'customer', fullname: customer.user.fullname, email: customer.user.email } } as never);
      expect(keysOf(await getAssignment(learnerCtx, assignment.id)).has('correctIndex')).toBe(false);
      expect((await req('GET', `/api/v1/assignments/${assignment.id}`)).statusCode).toBe(401);
    });
  });

  describe('certifications', () => {
    it('creates, lists, edits and deletes the certification a course awards', async () => {
      const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
      const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id });
      const res = await req('POST', '/api/v1/certifications', admin, form({ name: 'Certified Mat Installer', description: 'Lays mats to code.', courseId: course.id, passingScore: '80' }, [['image', 'c.png', PNG]]));
      expect(res.statusCode).toBe(201);
      const cert = res.json();
      expect(cert).toMatchObject({ name: 'Certified Mat Installer', description: 'Lays mats to code.', courseId: course.id, courseTitle: course.courseTitle, passingScore: 80 });
      expect(cert.image).toMatch(/^\/uploads\/certifications\/.+\.png$/);
      expect((await req('GET', '/api/v1/certifications')).json().map((c: { id: string }) => c.id)).toContain(cert.id);

      const again = await req('POST', '/api/v1/certifications', admin, form({ name: 'Second', courseId: course.id, passingScore: '70' }));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(m.certificationTaken);

      const edited = await req('PUT', `/api/v1/certifications/${cert.id}`, admin, form({ passingScore: '90' }));
      expect(edited.json()).toMatchObject({ name: 'Certified Mat Installer', passingScore: 90, image: cert.image });
      expect((await req('PUT', `/api/v1/certifications/${MISSING}`, admin, form({ name: 'X' }))).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/certifications/permanent/${cert.id}`, admin)).json()).toEqual({ message: m.certificationDeleted });
      expect((await req('GET', cert.image)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/certifications/permanent/${cert.id}`, admin)).statusCode).toBe(404);
    });

    it('checks the name, the course and a passing score from 0 to 100', async () => {
      const res = await req('POST', '/api/v1/certifications', admin, form({ name: '', courseId: '', passingScore: '120' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        issue('name', m.certificationNameRequired),
        issue('courseId', m.courseRequired),
        issue('passingScore', m.passingScoreInvalid),
      ]);
      const gone = await req('POST', '/api/v1/certifications', admin, { name: 'X', courseId: MISSING, passingScore: 50 });
      expect(gone.json()).toMatchObject({ message: m.courseMissing, issues: [issue('courseId', m.courseMissing)] });
    });

    it('shows the certifications of draft courses to admins only', async () => {
      const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
      const draft = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id }, { status: 'draft' });
      const cert = (await req('POST', '/api/v1/certifications', admin, { name: 'Draft cert', courseId: draft.id, passingScore: 75 })).json();
      expect((await req('GET', '/api/v1/certifications', admin)).json().map((c: { id: string }) => c.id)).toContain(cert.id);
      expect((await req('GET', '/api/v1/certifications', customer)).json().map((c: { id: string }) => c.id)).not.toContain(cert.id);
    });
  });

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
