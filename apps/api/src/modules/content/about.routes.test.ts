import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AboutFigures } from '@meltway/shared/content/about.schema';
import { dealerBody } from '../../test/accounts-fixtures.js';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { issueCertificate, makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, requester, type Session, type TestApp } from '../../test/harness.js';

const DAY_MS = 86_400_000;

/** The About page's figures: counted from the rows, public, kept under the academy and users versions. */
describe('GET /api/v1/about/figures', () => {
  let t: TestApp;
  let admin: Session;
  const req = requester(() => t);
  const figures = async (s?: Session) => {
    const res = await req('GET', '/api/v1/about/figures', s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AboutFigures;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('answers anyone with the four counts, tagged for the public cache', async () => {
    const res = await req('GET', '/api/v1/about/figures');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['certificates', 'courses', 'dealers', 'learners']);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/about/figures', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('counts published courses only, and a course published or unpublished shows at once', async () => {
    const before = await figures();
    const refs = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const [author, doc, assignment] = refs.map((r) => r.id) as [string, string, string];
    const draft = await makeCourse(t, admin.auth, { author, doc, assignment }, { status: 'draft' });
    expect((await figures()).courses).toBe(before.courses);

    await makeCourse(t, admin.auth, { author, doc, assignment });
    expect((await figures()).courses).toBe(before.courses + 1);
    const save = (status: 'draft' | 'published') => req('PUT', `/api/v1/courses/${draft.id}`, admin, { courseTitle: draft.courseTitle, author, status });
    const published = await save('published');
    expect(published.statusCode, published.body).toBe(200);
    expect((await figures()).courses).toBe(before.courses + 2);
    const unpublished = await save('draft');
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect((await figures()).courses).toBe(before.courses + 1);
  });

  it('counts approved dealers: a dealer who registers counts once an admin approves it', async () => {
    const before = await figures();
    const registered = await req('POST', '/api/v1/users', undefined, dealerBody());
    expect(registered.statusCode, registered.body).toBe(201);
    await actorOf(t, 'customer');
    expect((await figures()).dealers).toBe(before.dealers);

    const approved = await req('POST', `/api/v1/users/dealer/${(registered.json() as { id: string }).id}/approve`, admin, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await figures()).dealers).toBe(before.dealers + 1);
  });

  it('counts each enrolled person once and the valid certificates only', async () => {
    const { course } = await makeCertifiedCourse(t, admin.auth, { validityMonths: 12 });
    const { course: second } = await makeCertifiedCourse(t, admin.auth);
    const learner = await actorOf(t, 'customer');
    const other = await actorOf(t, 'customer');
    // Enrolments and certificates move no cache version: a signed-in reader's answer is never the kept one.
    const before = await figures(admin);

    expect((await req('POST', `/api/v1/courses/${course.id}/enrolment`, learner)).statusCode).toBe(201);
    expect((await req('POST', `/api/v1/courses/${second.id}/enrolment`, learner)).statusCode).toBe(201);
    expect((await figures(admin)).learners).toBe(before.learners + 1);
    expect((await req('POST', `/api/v1/courses/${second.id}/enrolment`, other)).statusCode).toBe(201);
    expect((await figures(admin)).learners).toBe(before.learners + 2);

    await issueCertificate(t, learner.user.id, second.id);
    const revoked = await issueCertificate(t, other.user.id, second.id);
    // Issued 13 months ago with a validity of 12: expired.
    await issueCertificate(t, other.user.id, course.id, { now: new Date(Date.now() - 396 * DAY_MS) });
    expect((await figures(admin)).certificates).toBe(before.certificates + 2);
    const revoke = await req('POST', `/api/v1/certificates/${revoked}/revoke`, admin, { reason: 'Answers shared' });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await figures(admin);
    expect(after.certificates).toBe(before.certificates + 1);

    // The next write to a cached domain retires the kept public answer, which then says the same.
    await actorOf(t, 'customer');
    expect(await figures()).toEqual(after);
  });
});
