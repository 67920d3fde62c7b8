import type { CourseInput } from '@meltway/shared/academy/course.schema';
import { textPdf } from '../lib/documents/simple-pdf.js';
import { form, PNG } from './catalogue-fixtures.js';
import type { TestApp } from './harness.js';

type Auth = { authorization: string };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A real one-page PDF. */
export const PDF = Buffer.from(await textPdf('Installation checklist', ['Check the slab before laying the mat.']));
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

/** Questions whose right answer reads `right` and the others `wrong 1`, `wrong 2`…, so a test finds them however the quiz shows them. */
const KEYED_QUESTIONS = [
  { questionText: 'Which device protects a snowmelt circuit?', answers: ['wrong 1', 'right', 'wrong 2'], correctIndex: 1 },
  { questionText: 'How is a heating mat shortened?', answers: ['right', 'wrong 1'], correctIndex: 0 },
  { questionText: 'Where does the slab sensor go?', answers: ['wrong 1', 'wrong 2', 'right'], correctIndex: 2 },
];

export async function makeKeyedAssignment(t: TestApp, admin: Auth, title = `Keyed quiz ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/assignments', headers: admin, payload: { title, questions: KEYED_QUESTIONS } });
  return (await ok(res, 'assignment')) as { id: string; title: string };
}

/**
 * Takes a quiz of `makeKeyedAssignment` as the player does: reads it (its questions and answers may come shuffled,
 * on a sheet the answers must name), then answers each question with the index, as shown, of `right` (`pass`) or
 * of a wrong answer. Answers the attempt's response as it came.
 */
export async function answerQuiz(t: TestApp, learner: Auth, assignmentId: string, o: { pass: boolean; courseId?: string }) {
  const query = o.courseId ? `?courseId=${o.courseId}` : '';
  const quiz = (await ok(await t.app.inject({ method: 'GET', url: `/api/v1/assignments/${assignmentId}/quiz${query}`, headers: learner }), 'quiz', 200)) as {
    questions: { answers: string[] }[];
    sheetId?: string | null;
  };
  const answers = quiz.questions.map((q) => q.answers.findIndex((a) => (o.pass ? a === 'right' : a.startsWith('wrong'))));
  if (answers.some((a) => a < 0)) throw new Error('answerQuiz needs a quiz of makeKeyedAssignment');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/assignments/${assignmentId}/attempts`,
    headers: learner,
    payload: { answers, ...(o.courseId ? { courseId: o.courseId } : {}), ...(quiz.sheetId ? { sheetId: quiz.sheetId } : {}) },
  });
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
