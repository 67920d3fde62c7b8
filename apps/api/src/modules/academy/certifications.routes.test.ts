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
      // Without attempts or a wait given: 3 attempts in a row, then 24 hours.
      expect(cert).toMatchObject({ name: 'Certified Mat Installer', description: 'Lays mats to code.', courseId: course.id, courseTitle: course.courseTitle, passingScore: 80, attemptsLimit: 3, retryWaitHours: 24 });
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

    it('keeps the attempts allowed in a row, the wait before more, the validity in months and the skills in both languages', async () => {
      const course = (await req('POST', '/api/v1/courses', admin, { courseTitle: 'Skills course', author: (await makeAuthor(t, admin.auth)).id })).json();
      const res = await req(
        'POST',
        '/api/v1/certifications',
        admin,
        form({ name: 'Controls', courseId: course.id, passingScore: '75', attemptsLimit: '2', retryWaitHours: '48', validityMonths: '24', skills: 'Wiring a controller\n\nPlacing a sensor ', skillsFr: 'Câblage d’un régulateur\nPose d’un détecteur' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const cert = res.json();
      expect(cert).toMatchObject({ attemptsLimit: 2, retryWaitHours: 48, validityMonths: 24, skills: ['Wiring a controller', 'Placing a sensor'], skillsFr: ['Câblage d’un régulateur', 'Pose d’un détecteur'] });
      const json = await req('PUT', `/api/v1/certifications/${cert.id}`, admin, { skills: ['Testing a GFEP'], attemptsLimit: 5 });
      // Only the fields sent change: the French skills and the wait stay.
      expect(json.json()).toMatchObject({ attemptsLimit: 5, retryWaitHours: 48, validityMonths: 24, skills: ['Testing a GFEP'], skillsFr: ['Câblage d’un régulateur', 'Pose d’un détecteur'] });
      const cleared = await req('PUT', `/api/v1/certifications/${cert.id}`, admin, form({ retryWaitHours: '0', validityMonths: '', skills: '[]', skillsFr: '' }));
      expect(cleared.json()).toMatchObject({ attemptsLimit: 5, retryWaitHours: 0, validityMonths: null, skills: [], skillsFr: [], passingScore: 75 });
      expect((await req('GET', '/api/v1/certifications?q=Controls', admin)).json()[0]).toMatchObject({ attemptsLimit: 5, retryWaitHours: 0, skills: [], skillsFr: [] });
      // Every certification limits its attempts: an empty limit or wait is refused, not cleared.
      const empty = await req('PUT', `/api/v1/certifications/${cert.id}`, admin, form({ attemptsLimit: '', retryWaitHours: '' }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toEqual([issue('attemptsLimit', m.attemptsLimitInvalid), issue('retryWaitHours', m.retryWaitHoursInvalid)]);
    });

    it('names the product families a certification qualifies for, none for all of them', async () => {
      const course = (await req('POST', '/api/v1/courses', admin, { courseTitle: 'Families course', author: (await makeAuthor(t, admin.auth)).id })).json();
      const created = await req('POST', '/api/v1/certifications', admin, form({ name: 'Cables', courseId: course.id, passingScore: '80', productFamilies: 'controls, cable' }));
      expect(created.statusCode, created.body).toBe(201);
      // Each family once, in the order mat, cable, controls.
      expect(created.json().productFamilies).toEqual(['cable', 'controls']);
      const cert = created.json();
      expect((await req('PUT', `/api/v1/certifications/${cert.id}`, admin, { productFamilies: ['mat', 'mat'] })).json()).toMatchObject({ productFamilies: ['mat'], passingScore: 80 });
      expect((await req('PUT', `/api/v1/certifications/${cert.id}`, admin, form({ passingScore: '85' }))).json()).toMatchObject({ productFamilies: ['mat'], passingScore: 85 });
      expect((await req('PUT', `/api/v1/certifications/${cert.id}`, admin, form({ productFamilies: '[]' }))).json().productFamilies).toEqual([]);
      const bad = await req('PUT', `/api/v1/certifications/${cert.id}`, admin, { productFamilies: ['mat', 'heat pump'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([issue('productFamilies.1', m.productFamiliesInvalid)]);
      expect((await req('PUT', `/api/v1/certifications/${cert.id}`, admin, { productFamilies: 3 })).json().issues).toEqual([issue('productFamilies', m.productFamiliesInvalid)]);
      // Without families named, a certification qualifies for all of them.
      const other = (await req('POST', '/api/v1/courses', admin, { courseTitle: 'All families course', author: (await makeAuthor(t, admin.auth)).id })).json();
      expect((await req('POST', '/api/v1/certifications', admin, { name: 'All', courseId: other.id, passingScore: 80 })).json().productFamilies).toEqual([]);
    });

    it('refuses an attempts limit outside 1-100, a wait outside 0-720 hours, a validity outside 1-240 months and skills that are not short texts', async () => {
      const course = (await req('POST', '/api/v1/courses', admin, { courseTitle: 'Bad fields course', author: (await makeAuthor(t, admin.auth)).id })).json();
      const base = { name: 'Bad', courseId: course.id, passingScore: 80 };
      const bad = await req('POST', '/api/v1/certifications', admin, { ...base, attemptsLimit: 0, retryWaitHours: 721, validityMonths: 241, skills: ['x'.repeat(201)] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        issue('attemptsLimit', m.attemptsLimitInvalid),
        issue('retryWaitHours', m.retryWaitHoursInvalid),
        issue('validityMonths', m.validityMonthsInvalid),
        issue('skills.0', m.skillTooLong),
      ]);
      const text = await req('POST', '/api/v1/certifications', admin, form({ ...base, passingScore: '80', attemptsLimit: 'two', retryWaitHours: '-1', validityMonths: '1.5' }));
      expect(text.json().issues).toEqual([issue('attemptsLimit', m.attemptsLimitInvalid), issue('retryWaitHours', m.retryWaitHoursInvalid), issue('validityMonths', m.validityMonthsInvalid)]);
      expect((await req('POST', '/api/v1/certifications', admin, { ...base, attemptsLimit: 101 })).json().issues).toEqual([issue('attemptsLimit', m.attemptsLimitInvalid)]);
      const many = await req('POST', '/api/v1/certifications', admin, { ...base, skills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`) });
      expect(many.json().issues).toEqual([issue('skills', m.tooManySkills)]);
      expect((await req('POST', '/api/v1/certifications', admin, { ...base, skills: 'not json [' })).statusCode).toBe(201);
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
