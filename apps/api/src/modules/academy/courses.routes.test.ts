import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { COVER_DATA_URL_MAX_LENGTH } from '@meltway/shared/academy/course.schema';
import { courseBody, makeAssignment, makeAuthor, makeCourse, makeDoc, PNG_DATA_URL } from '../../test/academy-fixtures.js';
import { foreignKeyViolation } from '../../lib/db-errors.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';
import * as assignmentsRepo from './assignments.repo.js';
import * as authorsRepo from './authors.repo.js';
import * as repo from './courses.repo.js';
import * as documentsRepo from './documents.repo.js';

describe('courses', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, customer: Session;
  let refs: { author: string; doc: string; assignment: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    customer = await actorOf(t, 'customer');
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    refs = { author: author.id, doc: doc.id, assignment: assignment.id };
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const paths = (res: { json: () => { issues?: { path: string; message: string }[] } }) => res.json().issues?.map((i) => [i.path, i.message]);

  it('creates a course with its cover, sections and lessons in order, and reads it back', async () => {
    const res = await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: PNG_DATA_URL }));
    expect(res.statusCode).toBe(201);
    const course = res.json();
    expect(course).toMatchObject({ status: 'published', lessonCount: 3, author: { id: refs.author } });
    expect(course.author.name).toMatch(/^Author /);
    expect(course.author.image).toMatch(/^\/uploads\/authors\/.+\.png$/);
    expect(course.coverImage).toMatch(/^\/uploads\/courses\/.+\.png$/);
    const cover = await req('GET', course.coverImage);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(course.sections).toHaveLength(1);
    expect(course.sections[0]).toMatchObject({ title: 'Getting started', position: 0 });
    expect(course.sections[0].lessons).toEqual([
      { id: expect.any(String), title: 'Welcome', titleFr: null, type: 'video', position: 0, duration: '5:20', videoId: 'dQw4w9WgXcQ', assignments: null, pdfLink: null, slides: null, transcript: null },
      { id: expect.any(String), title: 'Checklist', titleFr: null, type: 'pdf', position: 1, duration: null, videoId: null, assignments: null, pdfLink: refs.doc, slides: null, transcript: null },
      { id: expect.any(String), title: 'Quiz', titleFr: null, type: 'assignment', position: 2, duration: null, videoId: null, assignments: refs.assignment, pdfLink: null, slides: null, transcript: null },
    ]);
    expect((await req('GET', `/api/v1/courses/${course.id}`)).json()).toEqual(course);
    const list = (await req('GET', '/api/v1/courses')).json();
    expect(list.find((c: { id: string }) => c.id === course.id)).toEqual({
      id: course.id,
      courseTitle: course.courseTitle,
      courseTitleFr: null,
      description: 'From the slab to the controller.',
      descriptionFr: null,
      coverImage: course.coverImage,
      authorId: refs.author,
      authorName: course.author.name,
      lessonCount: 3,
      status: 'published',
      created_at: course.created_at,
      updated_at: course.updated_at,
    });
  });

  it('checks the title and that each lesson has the fields of its type', async () => {
    const res = await req('POST', '/api/v1/courses', admin, {
      courseTitle: ' ',
      author: refs.author,
      sections: [{ title: 'S', lessons: [{ title: 'V', type: 'video', duration: '5:2', videoId: '' }, { title: 'P', type: 'pdf' }, { title: 'A', type: 'assignment', assignments: 'nope' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.courseTitleRequired);
    expect(paths(res)).toEqual([
      ['courseTitle', m.courseTitleRequired],
      ['sections.0.lessons.0.duration', m.durationInvalid],
      ['sections.0.lessons.0.videoId', m.videoIdRequired],
      ['sections.0.lessons.1.pdfLink', m.documentRequired],
      ['sections.0.lessons.2.assignments', m.assignmentRequired],
    ]);
    const noAuthor = await req('POST', '/api/v1/courses', admin, { courseTitle: 'T' });
    expect(paths(noAuthor)).toEqual([['author', m.authorRequired]]);
  });

  it('says which author, assignment or document does not exist', async () => {
    const body = courseBody({ author: MISSING, doc: MISSING, assignment: refs.assignment });
    body.sections!.push({ title: 'More', lessons: [{ title: 'Gone quiz', type: 'assignment', assignments: MISSING }] });
    const res = await req('POST', '/api/v1/courses', admin, body);
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toEqual([
      ['author', m.authorMissing],
      ['sections.0.lessons.1.pdfLink', m.documentMissing],
      ['sections.1.lessons.0.assignments', m.assignmentMissing],
    ]);
  });

  it('checks the cover from its bytes: an image, under 2MB', async () => {
    const fake = await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}` }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ message: m.imageOnly, issues: [issue('coverImage', m.imageOnly)] });
    const pdf = await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: 'data:application/pdf;base64,JVBERi0xLjQK' }));
    expect(pdf.json().message).toBe(m.imageOnly);
    // 3 MB of PNG: the body is accepted, the cover refused with its message.
    const png = Buffer.alloc(3 * 1024 * 1024);
    Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64').copy(png);
    const big = await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: `data:image/png;base64,${png.toString('base64')}` }));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ message: m.imageTooLarge, issues: [issue('coverImage', m.imageTooLarge)] });
    expect(COVER_DATA_URL_MAX_LENGTH).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('keeps section and lesson ids across a reorder, gives new ones new ids, and removes the missing ones', async () => {
    const created = await makeCourse(t, admin.auth, refs, {
      coverImage: PNG_DATA_URL,
      sections: [
        { title: 'One', lessons: [{ title: 'A', type: 'video', duration: '1:00', videoId: 'aaaaaaaaaaa' }, { title: 'B', type: 'pdf', pdfLink: refs.doc }] },
        { title: 'Two', lessons: [{ title: 'C', type: 'video', duration: '2:00', videoId: 'ccccccccccc' }, { title: 'D', type: 'video', duration: '3:00', videoId: 'ddddddddddd' }] },
      ],
    });
    const [one, two] = created.sections as { id: string; lessons: { id: string }[] }[];
    const [a, b] = one!.lessons;
    const [c, d] = two!.lessons;
    const res = await req('PUT', `/api/v1/courses/${created.id}`, admin, {
      courseTitle: 'Renamed',
      author: refs.author,
      status: 'published',
      coverImage: (created as unknown as { coverImage: string }).coverImage,
      sections: [
        // Two first, with D before C and B moved in from One; a new lesson at the end.
        { id: two!.id, title: 'Two', lessons: [{ id: d!.id, title: 'D', type: 'video', duration: '3:00', videoId: 'ddddddddddd' }, { id: c!.id, title: 'C2', type: 'video', duration: '2:30', videoId: 'ccccccccccc' }, { id: b!.id, title: 'B', type: 'pdf', pdfLink: refs.doc }, { title: 'E', type: 'assignment', assignments: refs.assignment }] },
        // One keeps its id, A is dropped; a lesson id from elsewhere counts as new.
        { id: one!.id, title: 'One', lessons: [{ id: MISSING, title: 'F', type: 'video', duration: '0:30', videoId: 'fffffffffff' }] },
        { title: 'Three', lessons: [{ title: 'G', type: 'pdf', pdfLink: refs.doc }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.courseTitle).toBe('Renamed');
    expect(saved.coverImage).toBe((created as unknown as { coverImage: string }).coverImage);
    expect(saved.sections.map((s: { id: string; position: number }) => [s.id, s.position])).toEqual([
      [two!.id, 0],
      [one!.id, 1],
      [expect.any(String), 2],
    ]);
    const lessonIds = saved.sections.map((s: { lessons: { id: string; title: string; position: number }[] }) => s.lessons.map((l) => [l.title, l.id, l.position]));
    expect(lessonIds[0]).toEqual([
      ['D', d!.id, 0],
      ['C2', c!.id, 1],
      ['B', b!.id, 2],
      ['E', expect.any(String), 3],
    ]);
    expect(lessonIds[1][0][1]).not.toBe(MISSING);
    expect(saved.sections[2].id).not.toBe(one!.id);
    expect(JSON.stringify(saved)).not.toContain(a!.id);
    expect(saved.lessonCount).toBe(6);
    // The same body again changes no id.
    const again = await req('GET', `/api/v1/courses/${created.id}`);
    expect(again.json().sections).toEqual(saved.sections);
  });

  it('replaces the cover with a new data URL and removes it with null', async () => {
    const created = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: PNG_DATA_URL }))).json();
    const replaced = (await req('PUT', `/api/v1/courses/${created.id}`, admin, { ...courseBody(refs), coverImage: PNG_DATA_URL })).json();
    expect(replaced.coverImage).toMatch(/^\/uploads\/courses\//);
    expect(replaced.coverImage).not.toBe(created.coverImage);
    expect((await req('GET', created.coverImage)).statusCode).toBe(404);
    const kept = (await req('PUT', `/api/v1/courses/${created.id}`, admin, { ...courseBody(refs), coverImage: undefined })).json();
    expect(kept.coverImage).toBe(replaced.coverImage);
    const removed = (await req('PUT', `/api/v1/courses/${created.id}`, admin, { ...courseBody(refs), coverImage: null })).json();
    expect(removed.coverImage).toBeNull();
    expect((await req('GET', replaced.coverImage)).statusCode).toBe(404);
    expect((await req('PUT', `/api/v1/courses/${MISSING}`, admin, courseBody(refs))).statusCode).toBe(404);
  });

  it('hides drafts from everyone but admins', async () => {
    const draft = await makeCourse(t, admin.auth, refs, { status: 'draft' });
    const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    for (const who of [undefined, customer, contractor, dealer]) {
      expect((await req('GET', `/api/v1/courses/${draft.id}`, who)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/courses', who)).json().map((c: { id: string }) => c.id)).not.toContain(draft.id);
    }
    expect((await req('GET', `/api/v1/courses/${draft.id}`, admin)).json().status).toBe('draft');
    const adminList = (await req('GET', '/api/v1/courses', admin)).json();
    expect(adminList.find((c: { id: string }) => c.id === draft.id).status).toBe('draft');
    expect((await req('GET', `/api/v1/courses?q=${encodeURIComponent(draft.courseTitle)}`, admin)).json()).toHaveLength(1);
  });

  it('answers the public catalogue with ETags, and shows a change at once', async () => {
    const course = await makeCourse(t, admin.auth, refs);
    const first = await req('GET', `/api/v1/courses/${course.id}`);
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/courses/${course.id}`, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const listed = await req('GET', '/api/v1/courses');
    expect(listed.headers['cache-control']).toBe('public, no-cache');

    expect((await req('PUT', `/api/v1/courses/${course.id}`, admin, courseBody(refs, { courseTitle: 'Renamed for everyone' }))).statusCode).toBe(200);
    expect((await req('GET', `/api/v1/courses/${course.id}`)).json().courseTitle).toBe('Renamed for everyone');
    expect((await req('GET', '/api/v1/courses')).json().map((c: { courseTitle: string }) => c.courseTitle)).toContain('Renamed for everyone');
    expect((await req('PUT', `/api/v1/courses/${course.id}`, admin, courseBody(refs, { status: 'draft' }))).statusCode).toBe(200);
    expect((await req('GET', `/api/v1/courses/${course.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/courses/${course.id}`, customer)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/courses')).json().map((c: { id: string }) => c.id)).not.toContain(course.id);
  });

  it('refuses to delete a course learners are enrolled in; deletes one without, with its cover and certification', async () => {
    const course = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: PNG_DATA_URL }))).json();
    await repo.insertEnrolment(t.db, { courseId: course.id, userId: customer.user.id });
    const refused = await req('DELETE', `/api/v1/courses/permanent/${course.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.courseHasLearners);
    expect(foreignKeyViolation(await repo.deleteCourse(t.db, course.id).then(() => 'deleted', (err: unknown) => err))).toBe('enrolments_course_id_courses_id_fk');
    expect((await req('DELETE', `/api/v1/courses/permanent/${course.id}`, dealer)).statusCode).toBe(403);

    const other = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { coverImage: PNG_DATA_URL }))).json();
    const cert = await t.app.inject({ method: 'POST', url: '/api/v1/certifications', headers: admin.auth, payload: { name: 'Installer', courseId: other.id, passingScore: 80 } });
    expect(cert.statusCode).toBe(201);
    const res = await req('DELETE', `/api/v1/courses/permanent/${other.id}`, admin);
    expect(res.json()).toEqual({ message: m.courseDeleted });
    expect((await req('GET', `/api/v1/courses/${other.id}`, admin)).statusCode).toBe(404);
    expect((await req('GET', other.coverImage)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/certifications', admin)).json().map((c: { id: string }) => c.id)).not.toContain(cert.json().id);
    expect((await req('DELETE', `/api/v1/courses/permanent/${other.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses to delete an author, a document or an assignment a course uses: "already linked to course"', async () => {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id }, { status: 'draft' });
    for (const url of [`/api/v1/authors/permanent/${author.id}`, `/api/v1/docs/permanent/${doc.id}`, `/api/v1/assignments/permanent/${assignment.id}`]) {
      const res = await req('DELETE', url, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'already linked to course', code: 'academy.alreadyLinked' });
    }
    // The database refuses too, whatever the service checks first.
    for (const remove of [() => authorsRepo.deleteAuthor(t.db, author.id), () => documentsRepo.deleteDocument(t.db, doc.id), () => assignmentsRepo.deleteAssignment(t.db, assignment.id)]) {
      expect(foreignKeyViolation(await remove().then(() => 'deleted', (err: unknown) => err))).toMatch(/_fk$/);
    }
    expect((await req('DELETE', `/api/v1/courses/permanent/${course.id}`, admin)).statusCode).toBe(200);
    for (const url of [`/api/v1/authors/permanent/${author.id}`, `/api/v1/docs/permanent/${doc.id}`, `/api/v1/assignments/permanent/${assignment.id}`]) {
      expect((await req('DELETE', url, admin)).statusCode).toBe(200);
    }
    expect((await req('GET', doc.image)).statusCode).toBe(404);
  });

  it('counts courses and enrolled learners on the dashboard', async () => {
    const stats = (await req('GET', '/api/v1/dashboard/stats', admin)).json();
    const all = (await req('GET', '/api/v1/courses', admin)).json();
    expect(stats.courses).toBe(all.length);
    expect(stats.learners).toBe(1);
    const dealerStats = (await req('GET', '/api/v1/dashboard/stats', dealer)).json();
    expect(dealerStats.courses).toBe(all.filter((c: { status: string }) => c.status === 'published').length);
    expect(dealerStats.learners).toBe(0);

    // A dealer counts its own contractors who enrolled, never another dealer's.
    const otherDealer = await actorOf(t, 'dealer');
    const [own, theirs] = await Promise.all([
      actorOf(t, 'contractor', { dealerId: dealer.user.id }),
      actorOf(t, 'contractor', { dealerId: otherDealer.user.id }),
    ]);
    const course = await makeCourse(t, admin.auth, refs);
    for (const who of [own, theirs]) await repo.insertEnrolment(t.db, { courseId: course.id, userId: who.user.id });
    expect((await req('GET', '/api/v1/dashboard/stats', dealer)).json().learners).toBe(1);
    expect((await req('GET', '/api/v1/dashboard/stats', otherDealer)).json().learners).toBe(1);
    expect((await req('GET', '/api/v1/dashboard/stats', admin)).json().learners).toBe(3);
  });
});
