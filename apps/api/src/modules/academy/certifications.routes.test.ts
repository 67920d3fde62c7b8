import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';

describe('academy content', () => {
  let t: TestApp;
  let admin: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

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
});
