import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages as c } from '@meltway/shared/common/messages';
import { courseBody, makeAssignment, makeAuthor, makeDoc } from '../../test/academy-fixtures.js';
import { form } from '../../test/catalogue-fixtures.js';
import { issueCertificate } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, issue, requester, type Session, type TestApp } from '../../test/harness.js';

describe('French texts of the academy', () => {
  let t: TestApp;
  let admin: Session, learner: Session;
  let refs: { author: string; doc: string; assignment: string };
  const req = requester(() => t);
  const titles = (res: { json: () => { courseTitle: string }[] }) => res.json().map((r) => r.courseTitle).sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    learner = await actorOf(t, 'customer');
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth, 'Camille Roy'), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    refs = { author: author.id, doc: doc.id, assignment: assignment.id };
  });
  afterAll(() => t.close());

  const frenchCourse = () =>
    courseBody(refs, {
      courseTitle: 'Heated Stairs',
      courseTitleFr: 'Escaliers chauffants',
      description: 'Cables under every step.',
      descriptionFr: 'Des câbles sous chaque marche.',
      sections: [
        {
          title: 'Before you start',
          titleFr: 'Avant de commencer',
          lessons: [
            { title: 'Tools', titleFr: 'Outillage', type: 'video', duration: '3:10', videoId: 'dQw4w9WgXcQ' },
            { title: 'Checklist', type: 'pdf', pdfLink: refs.doc },
          ],
        },
      ],
    });

  it('stores the French title and description of a course, its sections and lessons, and returns them', async () => {
    const res = await req('POST', '/api/v1/courses', admin, frenchCourse());
    expect(res.statusCode).toBe(201);
    const course = res.json();
    expect(course).toMatchObject({ courseTitleFr: 'Escaliers chauffants', descriptionFr: 'Des câbles sous chaque marche.' });
    expect(course.sections[0]).toMatchObject({ title: 'Before you start', titleFr: 'Avant de commencer' });
    expect(course.sections[0].lessons.map((l: { titleFr: string | null }) => l.titleFr)).toEqual(['Outillage', null]);
    expect((await req('GET', `/api/v1/courses/${course.id}`)).json()).toEqual(course);
    expect((await req('GET', '/api/v1/courses')).json().find((r: { id: string }) => r.id === course.id)).toMatchObject({
      courseTitleFr: 'Escaliers chauffants',
      descriptionFr: 'Des câbles sous chaque marche.',
    });

    // A save is the whole course: French left out or blank is gone, the rest kept.
    const body = frenchCourse();
    const saved = await req('PUT', `/api/v1/courses/${course.id}`, admin, {
      ...body,
      courseTitleFr: ' ',
      descriptionFr: undefined,
      sections: [{ ...body.sections![0]!, id: course.sections[0].id, titleFr: '' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ courseTitleFr: null, descriptionFr: null });
    expect(saved.json().sections[0]).toMatchObject({ id: course.sections[0].id, titleFr: null });
    expect(saved.json().sections[0].lessons[0].titleFr).toBe('Outillage');
  });

  it('refuses French titles that are too long, at their place in the course', async () => {
    const body = frenchCourse();
    const res = await req('POST', '/api/v1/courses', admin, {
      ...body,
      courseTitleFr: 'é'.repeat(201),
      sections: [{ ...body.sections![0]!, titleFr: 's'.repeat(201), lessons: [{ ...body.sections![0]!.lessons[0]!, titleFr: 'l'.repeat(201) }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      issue('courseTitleFr', c.frenchTooLong200),
      issue('sections.0.titleFr', c.frenchTooLong200),
      issue('sections.0.lessons.0.titleFr', c.frenchTooLong200),
    ]);
  });

  it('searches the catalogue in the page’s language, accents and case aside, English where there is no French', async () => {
    const french = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { courseTitle: 'Snowmelt Ramps', courseTitleFr: 'Rampes déneigées', descriptionFr: 'Rampes d’accès et trottoirs.' }))).json();
    const english = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { courseTitle: 'Élite Sensor Wiring', description: 'Wiring the snow sensor.' }))).json();
    const search = (q: string, lang?: string, s?: Session) => req('GET', `/api/v1/courses?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`, s);

    for (const q of ['deneigees', 'RAMPES DÉNEIG', 'trottoir', 'Déneigé']) {
      expect(titles(await search(q, 'fr')), q).toEqual([french.courseTitle]);
      // Signed in, so not from the public cache.
      expect(titles(await search(q, 'fr', learner)), q).toEqual([french.courseTitle]);
    }
    expect((await search('deneigees', 'fr')).headers['x-total-count']).toBe('1');
    // No French title or description: the English ones serve, accents aside.
    expect(titles(await search('elite wiring', 'fr'))).toEqual([english.courseTitle]);
    // Lesson titles too: the fixture's lessons have no French, so their English titles serve.
    expect(titles(await search('checklist', 'fr'))).toContain(french.courseTitle);
    // Each language its own texts.
    expect(titles(await search('snowmelt ramps', 'fr'))).toEqual([]);
    expect(titles(await search('snowmelt ramps'))).toEqual([french.courseTitle]);
    expect(titles(await search('deneigees', 'en'))).toEqual([]);

    // A later edit in French is found at once.
    const edited = await req('PUT', `/api/v1/courses/${english.id}`, admin, { ...courseBody(refs), courseTitle: english.courseTitle, courseTitleFr: 'Câblage du capteur', description: english.description });
    expect(edited.statusCode).toBe(200);
    expect(titles(await search('cablage', 'fr'))).toEqual([english.courseTitle]);
    expect(titles(await search('elite', 'fr'))).toEqual([]);

    const bad = await search('x', 'it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([issue('lang', c.langInvalid)]);
  });

  it('stores the French of a certification and shows it on certificates and their verification', async () => {
    const course = (await req('POST', '/api/v1/courses', admin, courseBody(refs, { courseTitleFr: 'Pose de tapis chauffants' }))).json();
    const res = await req(
      'POST',
      '/api/v1/certifications',
      admin,
      form({ name: 'Certified Mat Installer', nameFr: 'Installateur de tapis certifié', description: 'Lays mats to code.', descriptionFr: 'Pose les tapis selon le code.', courseId: course.id, passingScore: '80' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nameFr: 'Installateur de tapis certifié', descriptionFr: 'Pose les tapis selon le code.' });
    const tooLong = await req('PUT', `/api/v1/certifications/${res.json().id}`, admin, form({ descriptionFr: 'd'.repeat(5001) }));
    expect(tooLong.json().issues).toEqual([issue('descriptionFr', c.frenchTooLong5000)]);

    const code = await issueCertificate(t, learner.user.id, course.id);
    const mine = (await req('GET', '/api/v1/certificates', learner)).json().items[0];
    expect(mine).toMatchObject({
      certificationName: 'Certified Mat Installer',
      certificationNameFr: 'Installateur de tapis certifié',
      courseTitleFr: 'Pose de tapis chauffants',
      descriptionFr: 'Pose les tapis selon le code.',
    });
    expect((await req('GET', `/api/v1/certificates/verify/${code}`)).json()).toMatchObject({ certificationNameFr: 'Installateur de tapis certifié', courseTitleFr: 'Pose de tapis chauffants' });

    const cleared = await req('PUT', `/api/v1/certifications/${res.json().id}`, admin, form({ nameFr: '' }));
    expect(cleared.json()).toMatchObject({ nameFr: null, descriptionFr: 'Pose les tapis selon le code.' });
    expect((await req('GET', `/api/v1/certificates/${code}`, learner)).json().certificationNameFr).toBeNull();
  });
});
