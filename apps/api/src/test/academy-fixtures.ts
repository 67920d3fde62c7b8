import type { CourseInput } from '@meltway/shared/academy/course.schema';
import { textPdf } from '../lib/documents/simple-pdf.js';
import { form, PNG } from './catalogue-fixtures.js';
import type { TestApp } from './harness.js';

type Auth = { authorization: string };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A real one-page PDF. */
export const PDF = Buffer.from(textPdf('Installation checklist', ['Check the slab before laying the mat.']));
/** A PNG cover as the course builder sends it. */
export const PNG_DATA_URL = `data:image/png;base64,${PNG.toString('base64')}`;

const ok = async (res: { statusCode: number; body: string; json: () => unknown }, what: string, status = 201) => {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
};

export async function makeAuthor(t: TestApp, admin: Auth, name = `Author ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/authors', headers: admin, payload: form({ name, description: `About ${name}` }, [['image', 'a.png', PNG]]) });
  return (await ok(res, 'author')) as { id: string; name: string; image: string };
}

export async function makeDoc(t: TestApp, admin: Auth, name = `Doc ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/docs', headers: admin, payload: form({ name }, [['file', 'doc.pdf', PDF]]) });
  return (await ok(res, 'doc')) as { id: string; name: string; image: string };
}

export const QUESTIONS = [
  { questionText: 'What protects every snowmelt circuit?', answers: ['A 30 mA ground-fault device', 'A fuse only', 'Nothing'], correctIndex: 0 },
  { questionText: 'Can a heating mat be cut to length?', answers: ['Yes', 'No'], correctIndex: 1 },
];

export async function makeAssignment(t: TestApp, admin: Auth, title = `Quiz ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/assignments', headers: admin, payload: { title, questions: QUESTIONS } });
  return (await ok(res, 'assignment')) as { id: string; title: string };
}

/** A course body with one section of a video, a pdf and an assignment lesson. */
export const courseBody = (refs: { author: string; doc: string; assignment: string }, extra: Partial<CourseInput> = {}): CourseInput => ({
  courseTitle: `Installing heated driveway mats ${unique()}`,
  description: 'From the slab to the controller.',
  author: refs.author,
  status: 'published',
  sections: [
    {
      title: 'Getting started',
      lessons: [
        { title: 'Welcome', type: 'video', duration: '5:20', videoId: 'dQw4w9WgXcQ' },
        { title: 'Checklist', type: 'pdf', pdfLink: refs.doc },
        { title: 'Quiz', type: 'assignment', assignments: refs.assignment },
      ],
    },
  ],
  ...extra,
});

export async function makeCourse(t: TestApp, admin: Auth, refs: { author: string; doc: string; assignment: string }, extra: Partial<CourseInput> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/courses', headers: admin, payload: courseBody(refs, extra) });
  return (await ok(res, 'course')) as { id: string; courseTitle: string; sections: { id: string; lessons: { id: string; title: string }[] }[] };
}

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}
