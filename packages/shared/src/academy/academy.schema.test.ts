import { describe, expect, it } from 'vitest';
import { AssignmentInput, NO_ANSWER, QuestionInput, shiftCorrectIndex } from './assignment.schema.js';
import { CertificationInput } from './certification.schema.js';
import { ReplyInput } from './comment.schema.js';
import { COVER_DATA_URL_MAX_LENGTH, CourseInput, courseToInput, LessonInput, newSection, type CourseOut } from './course.schema.js';
import { academyMessages as m } from './messages.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.map(String).join('.'), i.message]) ?? [];

const AUTHOR = '6c1c2b43-5d5e-4b8e-9d0f-0a1b2c3d4e5f';
const DOC = '0d0c3a1e-2b4f-4c6d-8e9f-1a2b3c4d5e6f';

describe('assignment rules', () => {
  it('needs a title, question texts, two answers and a correct answer', () => {
    const r = AssignmentInput.safeParse({ title: ' ', questions: [{ questionText: '', answers: ['Yes', ''], correctIndex: 1 }] });
    expect(issues(r)).toEqual([
      ['title', m.assignmentTitleRequired],
      ['questions.0.questionText', m.questionTextRequired],
      ['questions.0.answers', m.answersMin],
      ['questions.0.correctIndex', m.correctAnswerRequired],
    ]);
    const r2 = AssignmentInput.safeParse({ title: 'Quiz', questions: [{ questionText: 'Q', answers: ['Yes', ''], correctIndex: 1 }] });
    expect(issues(r2)).toEqual([
      ['questions.0.answers', m.answersMin],
      ['questions.0.correctIndex', m.correctAnswerRequired],
    ]);
    expect(issues(AssignmentInput.safeParse({ title: 'Quiz', questions: [] }))).toEqual([['questions', m.questionsRequired]]);
  });

  it('drops blank answers and keeps the key on the same answer, so the result parses again', () => {
    const q = QuestionInput.parse({ questionText: 'Which sensor?', answers: ['', 'Aerial', ' ', 'Pavement'], correctIndex: 3 });
    expect(q).toEqual({ questionText: 'Which sensor?', answers: ['Aerial', 'Pavement'], correctIndex: 1 });
    expect(QuestionInput.parse(q)).toEqual(q);
  });

  it('shifts the correct answer down when an earlier answer goes, never below 0', () => {
    expect(shiftCorrectIndex(2, 0)).toBe(1);
    expect(shiftCorrectIndex(1, 0)).toBe(0);
  });

  it('keeps the correct answer when a later answer goes', () => {
    expect(shiftCorrectIndex(2, 3)).toBe(2);
    expect(shiftCorrectIndex(0, 1)).toBe(0);
  });

  it('leaves no answer chosen when the correct one itself goes, or none was chosen, and the schema then asks for one', () => {
    expect(shiftCorrectIndex(0, 0)).toBe(NO_ANSWER);
    expect(shiftCorrectIndex(2, 2)).toBe(NO_ANSWER);
    expect(shiftCorrectIndex(NO_ANSWER, 0)).toBe(NO_ANSWER);
    const r = AssignmentInput.safeParse({ title: 'Quiz', questions: [{ questionText: 'Q', answers: ['A', 'B'], correctIndex: shiftCorrectIndex(1, 1) }] });
    expect(r.success).toBe(false);
    expect(issues(r)).toContainEqual(['questions.0.correctIndex', m.correctAnswerRequired]);
  });
});

describe('course rules', () => {
  it('asks each lesson type for its own fields', () => {
    expect(issues(LessonInput.safeParse({ title: 'Intro', type: 'video', duration: '', videoId: '' }))).toEqual([
      ['duration', m.durationRequired],
      ['videoId', m.videoIdRequired],
    ]);
    expect(issues(LessonInput.safeParse({ title: 'Intro', type: 'video', duration: '0:00', videoId: 'abc' }))).toEqual([['duration', m.durationInvalid]]);
    expect(issues(LessonInput.safeParse({ title: 'Intro', type: 'video', duration: '0:01', videoId: 'abc' }))).toEqual([]);
    expect(issues(LessonInput.safeParse({ title: 'Intro', type: 'video', duration: '5:75', videoId: 'a b' }))).toEqual([
      ['duration', m.durationInvalid],
      ['videoId', m.videoIdInvalid],
    ]);
    expect(issues(LessonInput.safeParse({ title: 'Quiz', type: 'assignment', assignments: '' }))).toEqual([['assignments', m.assignmentRequired]]);
    expect(issues(LessonInput.safeParse({ title: '', type: 'pdf' }))).toEqual([
      ['title', m.lessonTitleRequired],
      ['pdfLink', m.documentRequired],
    ]);
    expect(issues(LessonInput.safeParse({ title: 'X', type: 'other' }))).toEqual([['type', m.lessonTypeInvalid]]);
  });

  it('clears the fields of other types, and the result parses again', () => {
    const l = LessonInput.parse({ title: 'Checklist', type: 'pdf', duration: '5:20', videoId: 'abc', pdfLink: DOC });
    expect(l).toEqual({ title: 'Checklist', titleFr: null, type: 'pdf', duration: null, videoId: null, assignments: null, pdfLink: DOC, slidesDocumentId: null, transcriptDocumentId: null });
    expect(LessonInput.parse(l)).toEqual(l);
  });

  it('checks the title, the author and the cover', () => {
    const r = CourseInput.safeParse({ courseTitle: '', author: '', coverImage: 'data:application/pdf;base64,JVBERi0=' });
    expect(issues(r)).toEqual([
      ['courseTitle', m.courseTitleRequired],
      ['author', m.authorRequired],
      ['coverImage', m.imageOnly],
    ]);
    const big = `data:image/png;base64,${'A'.repeat(COVER_DATA_URL_MAX_LENGTH)}`;
    expect(issues(CourseInput.safeParse({ courseTitle: 'T', author: AUTHOR, coverImage: big }))).toEqual([['coverImage', m.imageTooLarge]]);
    const ok = CourseInput.parse({ courseTitle: 'T', author: AUTHOR, coverImage: '/uploads/courses/x.png' });
    expect(ok).toMatchObject({ status: 'published', sections: [], description: '' });
  });

  it('turns a course as read into the body PUT takes, ids and cover path kept', () => {
    const lesson = { id: DOC, title: 'Checklist', type: 'pdf' as const, position: 0, duration: null, videoId: null, assignments: null, pdfLink: DOC };
    const course: CourseOut = {
      id: AUTHOR,
      courseTitle: 'T',
      description: 'D',
      coverImage: '/uploads/courses/x.png',
      status: 'draft',
      author: { id: AUTHOR, name: 'A', description: '', image: null },
      sections: [{ id: AUTHOR, title: 'S', position: 0, lessons: [lesson] }],
      lessonCount: 1,
      created_at: '',
      updated_at: '',
    };
    const input = courseToInput(course);
    expect(input).toMatchObject({ author: AUTHOR, coverImage: '/uploads/courses/x.png', status: 'draft' });
    expect(CourseInput.parse(input).sections[0]!.lessons[0]).toEqual({ id: DOC, title: 'Checklist', titleFr: null, type: 'pdf', duration: null, videoId: null, assignments: null, pdfLink: DOC, slidesDocumentId: null, transcriptDocumentId: null });
  });

  it('starts a new section with one video lesson', () => {
    const r = CourseInput.safeParse({ courseTitle: 'T', author: AUTHOR, sections: [newSection()] });
    expect(issues(r)).toEqual([
      ['sections.0.title', m.sectionTitleRequired],
      ['sections.0.lessons.0.title', m.lessonTitleRequired],
      ['sections.0.lessons.0.duration', m.durationRequired],
      ['sections.0.lessons.0.videoId', m.videoIdRequired],
    ]);
  });
});

describe('certification and reply rules', () => {
  it('reads a passing score from form text', () => {
    expect(CertificationInput.parse({ name: 'C', courseId: AUTHOR, passingScore: '80' }).passingScore).toBe(80);
    expect(issues(CertificationInput.safeParse({ name: '', courseId: '', passingScore: '101' }))).toEqual([
      ['name', m.certificationNameRequired],
      ['courseId', m.courseRequired],
      ['passingScore', m.passingScoreInvalid],
    ]);
    expect(issues(CertificationInput.safeParse({ name: 'C', courseId: AUTHOR, passingScore: '' }))).toEqual([['passingScore', m.passingScoreInvalid]]);
  });

  it('refuses an empty reply', () => {
    expect(issues(ReplyInput.safeParse({ comment: '  ' }))).toEqual([['comment', m.replyRequired]]);
  });
});
