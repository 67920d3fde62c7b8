import { eq, inArray } from 'drizzle-orm';
import type { LessonType } from '@meltway/shared/academy/limits';
import type { ProductKind } from '@meltway/shared/catalogue/limits';
import { textPdf } from '../lib/documents/simple-pdf.js';
import type { Storage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { authorPortrait, certificationBadge, productPicture } from './demo-images.js';
import { frenchSpaces } from './french-typography.js';
import { users } from '../db/schema/accounts.js';
import { assignments, authors, certifications, courseComments, courses, courseSections, documents, enrolments, lessons, type StoredQuestion } from '../db/schema/academy.js';

/** The demo academy: two courses on installing and servicing snowmelt systems, taught by two authors, in English and Canadian French. */

const AUTHORS = [
  {
    name: 'Nadia Chen',
    description: 'Master electrician and snowmelt trainer. Nadia has designed and installed heated driveways, ramps and stairs across Quebec and Ontario for twenty winters.',
  },
  {
    name: 'Marc-André Leblanc',
    description: 'Service technician for snowmelt controls. Marc-André commissions controllers and sensors for contractors and keeps commercial systems running through the storm season.',
  },
];

const DOCUMENTS = [
  {
    name: 'Installation checklist',
    title: 'Snowmelt mat installation checklist',
    lines: [
      '1. Plan the layout: mats come in fixed sizes and are never cut.',
      '2. Keep mats 100 mm from edges, drains and posts; never across expansion joints.',
      '3. Test resistance and insulation (500 V megger, over 100 MOhm) and record them.',
      '4. Fix the mat flat with mounting tape; turn it by cutting the mesh, never the cable.',
      '5. Test again, then embed 38-50 mm below the finished surface.',
      '6. Test again after paving; run cold leads to a junction box above grade.',
      '7. One dedicated circuit per mat group, with a 30 mA GFEP breaker (CEC 62-116).',
      '8. Size each circuit at 80% of its breaker: heating is a continuous load.',
      '9. Install the controller and its sensor; post the heated-surface warning sign.',
      '10. Hand the owner the test readings and the layout drawing.',
    ],
  },
  {
    name: 'Controller and sensor service log',
    title: 'Snowmelt controls: seasonal service log',
    lines: [
      'Site: ____________________   Date: ____________   Technician: ____________',
      '[ ] Controller powers up; display and relays answer a manual test cycle.',
      '[ ] GFEP breakers trip on their test button and reset.',
      '[ ] In-pavement sensor clean, flush with the surface, moisture and heat read.',
      '[ ] Aerial sensor clear of debris; test with water or a cold pack.',
      '[ ] Slab temperature setting 3-5 C; after-run (hold-on) time 1-3 hours.',
      '[ ] Insulation resistance of each circuit over 100 MOhm at 500 V.',
      '[ ] Current of each circuit within 10% of its design value.',
      'Notes: _______________________________________________',
    ],
  },
];

const ASSIGNMENTS: { title: string; questions: StoredQuestion[] }[] = [
  {
    title: 'Heated mat installation quiz',
    questions: [
      { questionText: 'A mat is 60 cm too long for the area. What do you do?', answers: ['Cut the heating cable to length', 'Choose a different mat size or layout', 'Fold the extra length over itself'], correctIndex: 1 },
      { questionText: 'What ground-fault protection does each snowmelt circuit need?', answers: ['A 5 mA GFCI receptacle', 'A 30 mA ground-fault equipment protection breaker', 'None, the breaker is enough'], correctIndex: 1 },
      { questionText: 'How deep is a mat embedded in concrete or asphalt?', answers: ['10-20 mm', '38-50 mm', '150 mm or more'], correctIndex: 1 },
      { questionText: 'A 20 A breaker may carry at most how much continuous heating current?', answers: ['20 A', '16 A', '24 A'], correctIndex: 1 },
    ],
  },
  {
    title: 'Controls and sensors quiz',
    questions: [
      { questionText: 'Which control uses the least energy?', answers: ['An ambient thermostat', 'An in-pavement snow and ice sensor', 'A manual switch left on all winter'], correctIndex: 1 },
      { questionText: 'Why does a controller keep heating after the snow stops?', answers: ['To dry the surface so melt water does not refreeze', 'To warm the controller', 'It is a wiring fault'], correctIndex: 0 },
      { questionText: 'What does a low insulation-resistance reading point to?', answers: ['A healthy circuit', 'Moisture or damage in the cable or a splice', 'A sensor that needs cleaning'], correctIndex: 1 },
    ],
  },
];

type DemoLesson = { title: string; titleFr: string; type: LessonType; duration?: string; videoId?: string; document?: number; assignment?: number };

const COURSES: {
  title: string;
  titleFr: string;
  description: string;
  descriptionFr: string;
  author: number;
  cover: ProductKind;
  sections: { title: string; titleFr: string; lessons: DemoLesson[] }[];
  certification: { name: string; nameFr: string; description: string; descriptionFr: string; passingScore: number; skills: string[]; skillsFr: string[] };
}[] = [
  {
    title: 'Installing heated driveway mats',
    titleFr: 'Installer des tapis chauffants pour entrées',
    description: 'Plan, test, embed and wire snowmelt mats for driveways and walkways, to code and with the readings inspectors and warranties ask for.',
    descriptionFr: 'Planifier, tester, noyer et raccorder des tapis de déneigement pour les entrées et les allées, selon le code et avec les lectures qu’exigent les inspecteurs et les garanties.',
    author: 0,
    cover: 'mat',
    sections: [
      {
        title: 'Planning the layout',
        titleFr: 'Planifier l’agencement',
        lessons: [
          { title: 'Measuring the area and choosing mat sizes', titleFr: 'Mesurer la surface et choisir la taille des tapis', type: 'video', duration: '6:40', videoId: 'q8Vn2xR4tLk' },
          { title: 'Watt density, circuits and breakers', titleFr: 'Densité de puissance, circuits et disjoncteurs', type: 'video', duration: '8:05', videoId: 'H3mZp7wYcQe' },
          { title: 'Installation checklist', titleFr: 'Liste de vérification de l’installation', type: 'pdf', document: 0 },
        ],
      },
      {
        title: 'Laying and embedding',
        titleFr: 'Pose et enrobage',
        lessons: [
          { title: 'Testing a mat before, during and after the pour', titleFr: 'Tester un tapis avant, pendant et après la coulée', type: 'video', duration: '7:25', videoId: 'bT5kLw9sNaU' },
          { title: 'Embedding mats in concrete, asphalt and pavers', titleFr: 'Noyer les tapis dans le béton, l’asphalte et les pavés', type: 'video', duration: '9:30', videoId: 'Rf2yGd6HvXo' },
        ],
      },
      {
        title: 'Wiring and inspection',
        titleFr: 'Câblage et inspection',
        lessons: [
          { title: 'GFEP breakers, cold leads and junction boxes', titleFr: 'Disjoncteurs GFEP, câbles froids et boîtes de jonction', type: 'video', duration: '7:05', videoId: 'Zc4pQ1nVj8s' },
          { title: 'Installation quiz', titleFr: 'Questionnaire sur l’installation', type: 'assignment', assignment: 0 },
        ],
      },
    ],
    certification: {
      name: 'Certified Heated Mat Installer',
      nameFr: 'Installateur certifié de tapis chauffants',
      description: 'Plans, tests and embeds snowmelt mats and hands over a system ready for the electrician and the inspector.',
      descriptionFr: 'Planifie, teste et noie des tapis de déneigement, et remet un système prêt pour l’électricien et l’inspecteur.',
      passingScore: 80,
      skills: ['Mat layout from the plan', 'Insulation and continuity readings', 'Embedding in concrete, asphalt and pavers', 'Handover for the electrician and the inspector'],
      skillsFr: [
        'Disposition des tapis d’après le plan',
        'Lectures d’isolement et de continuité',
        'Noyage dans le béton, l’asphalte et les pavés',
        'Remise à l’électricien et à l’inspecteur',
      ],
    },
  },
  {
    title: 'Servicing snowmelt controls and sensors',
    titleFr: 'Entretenir les commandes et les détecteurs de déneigement',
    description: 'Commission, maintain and troubleshoot snowmelt controllers and their snow and ice sensors, from the first frost to the spring shutdown.',
    descriptionFr: 'Mettre en service, entretenir et dépanner les régulateurs de déneigement et leurs détecteurs de neige et de glace, des premières gelées à l’arrêt du printemps.',
    author: 1,
    cover: 'controller',
    sections: [
      {
        title: 'Controllers',
        titleFr: 'Régulateurs',
        lessons: [
          { title: 'How a snow-sensing controller decides to heat', titleFr: 'Comment un régulateur à détection de neige décide de chauffer', type: 'video', duration: '5:50', videoId: 'Lm7tW3eKd9A' },
          { title: 'Slab temperature, after-run and idling settings', titleFr: 'Réglages de la température de dalle, de la prolongation et du maintien au chaud', type: 'video', duration: '6:15', videoId: 'pX9cJ2rBn4F' },
        ],
      },
      {
        title: 'Sensors',
        titleFr: 'Détecteurs',
        lessons: [
          { title: 'Cleaning and testing an in-pavement sensor', titleFr: 'Nettoyer et tester un détecteur encastré', type: 'video', duration: '6:20', videoId: 'Gv1hS8qTz5M' },
          { title: 'Seasonal service log', titleFr: 'Registre d’entretien saisonnier', type: 'pdf', document: 1 },
        ],
      },
      {
        title: 'Troubleshooting',
        titleFr: 'Dépannage',
        lessons: [
          { title: 'Finding a fault with insulation and resistance tests', titleFr: 'Trouver un défaut par des essais d’isolement et de résistance', type: 'video', duration: '10:05', videoId: 'Ya6dN4kWp2R' },
          { title: 'Controls and sensors quiz', titleFr: 'Questionnaire sur les commandes et les détecteurs', type: 'assignment', assignment: 1 },
        ],
      },
    ],
    certification: {
      name: 'Snowmelt Controls Service Technician',
      nameFr: 'Technicien d’entretien des commandes de déneigement',
      description: 'Commissions and services snowmelt controllers and sensors and finds faults in heating circuits.',
      descriptionFr: 'Met en service et entretient les régulateurs et les détecteurs de déneigement, et trouve les défauts des circuits chauffants.',
      passingScore: 75,
      skills: ['Controller and sensor commissioning', 'Ground-fault and breaker checks', 'Fault finding in heating circuits'],
      skillsFr: ['Mise en service des régulateurs et des détecteurs', 'Vérification des disjoncteurs et des défauts à la terre', 'Recherche de défauts dans les circuits chauffants'],
    },
  },
];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** The demo authors, found by name or made with a portrait; their ids in AUTHORS' order. */
async function seedAuthors(db: Db, storage: Storage) {
  const authorIds: string[] = [];
  for (const [i, a] of AUTHORS.entries()) {
    const found = (await db.select({ id: authors.id }).from(authors).where(eq(authors.name, a.name)).limit(1))[0];
    if (found) {
      authorIds.push(found.id);
      continue;
    }
    const image = await storage.save(authorPortrait(i), { folder: 'authors', ext: 'png' });
    authorIds.push((await db.insert(authors).values({ ...a, image }).returning({ id: authors.id }))[0]!.id);
  }
  return authorIds;
}

/** The lessons' documents, found by name or written as PDFs; their ids in DOCUMENTS' order. */
async function seedDocuments(db: Db, storage: Storage) {
  const documentIds: string[] = [];
  for (const [i, d] of DOCUMENTS.entries()) {
    const found = (await db.select({ id: documents.id }).from(documents).where(eq(documents.name, d.name)).limit(1))[0];
    if (found) {
      documentIds.push(found.id);
      continue;
    }
    const bytes = await textPdf(d.title, d.lines);
    const path = await storage.save(bytes, { folder: 'docs', ext: 'pdf' });
    documentIds.push((await db.insert(documents).values({ name: d.name, path, size: bytes.byteLength, createdAt: minutesAgo(60 - i) }).returning({ id: documents.id }))[0]!.id);
  }
  return documentIds;
}

/** The lessons' assignments, found by title or made; their ids in ASSIGNMENTS' order. */
async function seedAssignments(db: Db) {
  const assignmentIds: string[] = [];
  for (const [i, a] of ASSIGNMENTS.entries()) {
    const found = (await db.select({ id: assignments.id }).from(assignments).where(eq(assignments.title, a.title)).limit(1))[0];
    assignmentIds.push(found?.id ?? (await db.insert(assignments).values({ ...a, createdAt: minutesAgo(50 - i) }).returning({ id: assignments.id }))[0]!.id);
  }
  return assignmentIds;
}

/** The demo admin, contractor and customer who enrol and talk in the courses, where they exist. */
async function demoPeople(db: Db) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.meltway.ca', 'contractor@demo.meltway.ca', 'customer@demo.meltway.ca']));
  const who = (email: string) => people.find((p) => p.email === email)?.id;
  return { admin: who('admin@demo.meltway.ca'), contractor: who('contractor@demo.meltway.ca'), customer: who('customer@demo.meltway.ca') };
}
type People = Awaited<ReturnType<typeof demoPeople>>;

/** What a course's lessons point at: its author, documents and assignments, by their place in the tables above. */
type Refs = { authorIds: string[]; documentIds: string[]; assignmentIds: string[] };

/** A course published with its sections, lessons and certification, in one transaction; its id and its lessons' ids in order. */
async function insertCourse(db: Db, c: (typeof COURSES)[number], i: number, refs: Refs, coverImage: string, badge: string) {
  return db.transaction(async (tx) => {
    const course = (
      await tx
        .insert(courses)
        .values({
          title: c.title,
          titleFr: frenchSpaces(c.titleFr),
          description: c.description,
          descriptionFr: frenchSpaces(c.descriptionFr),
          authorId: refs.authorIds[c.author]!,
          coverImage,
          status: 'published',
          createdAt: minutesAgo(40 - i),
        })
        .returning({ id: courses.id })
    )[0]!;
    const ids: string[] = [];
    for (const [s, section] of c.sections.entries()) {
      const sectionId = (
        await tx.insert(courseSections).values({ courseId: course.id, title: section.title, titleFr: section.titleFr, position: s }).returning({ id: courseSections.id })
      )[0]!.id;
      for (const [p, l] of section.lessons.entries()) {
        const row = await tx
          .insert(lessons)
          .values({
            courseId: course.id,
            sectionId,
            title: l.title,
            titleFr: l.titleFr,
            type: l.type,
            position: p,
            duration: l.duration ?? null,
            videoId: l.videoId ?? null,
            documentId: l.document === undefined ? null : refs.documentIds[l.document]!,
            assignmentId: l.assignment === undefined ? null : refs.assignmentIds[l.assignment]!,
          })
          .returning({ id: lessons.id });
        ids.push(row[0]!.id);
      }
    }
    await tx.insert(certifications).values({
      ...c.certification,
      descriptionFr: frenchSpaces(c.certification.descriptionFr),
      courseId: course.id,
      image: badge,
    });
    return { course: course.id, lessons: ids };
  });
}

/** The first two courses' learners and questions: the contractor and customer enrolled in the first, their comments and a reply. */
async function seedCourseTalk(db: Db, i: number, made: { course: string; lessons: string[] }, { admin, contractor, customer }: People) {
  if (i === 0 && contractor && customer) {
    await db.insert(enrolments).values([
      { courseId: made.course, userId: contractor, createdAt: minutesAgo(30) },
      { courseId: made.course, userId: customer, createdAt: minutesAgo(28) },
    ]).onConflictDoNothing();
    await db.insert(courseComments).values([
      {
        courseId: made.course,
        lessonId: made.lessons[3]!,
        userId: contractor,
        comment: 'Should the megger test be repeated after the asphalt is rolled, or is the test after the base coat enough?',
        reply: admin ? 'Test again after the final course is rolled: rolling is when a cable is most often nicked. Record all three readings.' : null,
        repliedBy: admin ?? null,
        repliedAt: admin ? minutesAgo(10) : null,
        createdAt: minutesAgo(25),
      },
      {
        courseId: made.course,
        lessonId: made.lessons[1]!,
        userId: customer,
        comment: 'My driveway is about 45 m². Would one 40 A circuit be enough at 400 W/m²?',
        createdAt: minutesAgo(15),
      },
    ]);
  }
  if (i === 1 && contractor) {
    await db.insert(courseComments).values({
      courseId: made.course,
      lessonId: made.lessons[2]!,
      userId: contractor,
      comment: 'Is there a French version of the sensor cleaning video for my crew?',
      createdAt: minutesAgo(5),
    });
  }
}

/**
 * Seeds the demo academy. Idempotent: authors, documents, assignments and courses are found by
 * name or title and left as they are; a course's certification, enrolments and comments come with it.
 */
export async function seedAcademy(db: Db, storage: Storage) {
  const authorIds = await seedAuthors(db, storage);
  const documentIds = await seedDocuments(db, storage);
  const assignmentIds = await seedAssignments(db);
  const people = await demoPeople(db);

  for (const [i, c] of COURSES.entries()) {
    if ((await db.select({ id: courses.id }).from(courses).where(eq(courses.title, c.title)).limit(1))[0]) continue;
    const coverImage = await storage.save(productPicture(c.cover, i + 3), { folder: 'courses', ext: 'png' });
    const badge = await storage.save(certificationBadge(i), { folder: 'certifications', ext: 'png' });
    const made = await insertCourse(db, c, i, { authorIds, documentIds, assignmentIds }, coverImage, badge);
    await seedCourseTalk(db, i, made, people);
  }
}
