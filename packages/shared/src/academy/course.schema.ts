import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { frenchText, langQuery } from '../common/french.js';
import { CourseAuthor } from './author.schema.js';
import { ACADEMY_IMAGE_MAX_BYTES, COURSE_STATUSES, LESSON_TYPES, MAX_LESSONS_PER_SECTION, MAX_SECTIONS } from './limits.js';
import { AcademyListQuery, requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** `m:ss`, minutes unbounded (75:00 is fine), seconds 00-59. */
const DURATION_PATTERN = /^\d{1,3}:[0-5]\d$/;
/** A video-site id (YouTube's are 11 characters of this alphabet). */
const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const IMAGE_DATA_URL = /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/;
/** Longest data URL of a cover within the limit (base64 is 4/3 of the bytes, plus its header). */
export const COVER_DATA_URL_MAX_LENGTH = Math.ceil((ACADEMY_IMAGE_MAX_BYTES * 4) / 3) + 100;

const optionalId = z.uuid().nullish();
const optionalString = (max: number) => text().max(max).nullish();

/**
 * The cover image. On create: a `data:image/...;base64,` URL, or nothing. On update: a new data URL
 * replaces the cover, `null` removes it, and the current path (or leaving it out) keeps it.
 * The server checks the decoded bytes again (an image, at most 2MB).
 */
const CoverImageField = multilineText()
  .nullable()
  .optional()
  .superRefine((v, ctx) => {
    if (!v?.startsWith('data:')) return;
    if (!IMAGE_DATA_URL.test(v)) ctx.addIssue({ code: 'custom', message: m.imageOnly });
    else if (v.length > COVER_DATA_URL_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: m.imageTooLarge });
  });

type Payload = { value: unknown };
const fieldOf = (payload: Payload, key: string) =>
  payload.value && typeof payload.value === 'object' ? (payload.value as Record<string, unknown>)[key] : undefined;
const TYPED_FIELDS = ['duration', 'videoId', 'assignments', 'pdfLink'] as const;
/** The per-type checks run even while another field (the title) is wrong, so a form shows every message at once. */
const typeIsValid = (payload: Payload) =>
  (LESSON_TYPES as readonly unknown[]).includes(fieldOf(payload, 'type')) &&
  TYPED_FIELDS.every((k) => {
    const v = fieldOf(payload, k);
    return v === undefined || v === null || typeof v === 'string';
  });

/**
 * One lesson as the builder sends it. Its type decides which fields it needs: video a duration
 * (m:ss) and a videoId, assignment an assignment id (`assignments`), pdf a document id (`pdfLink`).
 * Fields of the other types are cleared on parse, so the parsed value is again a valid input.
 */
export const LessonInput = z
  .object({
    /** Kept when the lesson exists in this course; absent for a new lesson. */
    id: optionalId,
    title: requiredText(m.lessonTitleRequired, 200),
    /** The title on French pages; blank: the English one serves. */
    titleFr: frenchText(200),
    type: z.enum(LESSON_TYPES, { error: m.lessonTypeInvalid }),
    duration: optionalString(10),
    videoId: optionalString(64),
    assignments: optionalString(64),
    pdfLink: optionalString(64),
    /** Optional downloads of any lesson type (the player's Lesson Slides and Transcript): document ids. */
    slidesDocumentId: optionalId,
    transcriptDocumentId: optionalId,
  })
  .superRefine((l, ctx) => {
    const uuid = z.uuid();
    if (l.type === 'video') {
      if (!l.duration) ctx.addIssue({ code: 'custom', path: ['duration'], message: m.durationRequired });
      // A video of no length would count as watched at its first report (earned progress counts 80% of it).
      else if (!DURATION_PATTERN.test(l.duration) || /^0+:00$/.test(l.duration)) ctx.addIssue({ code: 'custom', path: ['duration'], message: m.durationInvalid });
      if (!l.videoId) ctx.addIssue({ code: 'custom', path: ['videoId'], message: m.videoIdRequired });
      else if (!VIDEO_ID_PATTERN.test(l.videoId)) ctx.addIssue({ code: 'custom', path: ['videoId'], message: m.videoIdInvalid });
    } else if (l.type === 'assignment') {
      if (!l.assignments || !uuid.safeParse(l.assignments).success) ctx.addIssue({ code: 'custom', path: ['assignments'], message: m.assignmentRequired });
    } else if (!l.pdfLink || !uuid.safeParse(l.pdfLink).success) {
      ctx.addIssue({ code: 'custom', path: ['pdfLink'], message: m.documentRequired });
    }
  }, { when: typeIsValid })
  .transform((l) => ({
    ...(l.id ? { id: l.id } : {}),
    title: l.title,
    titleFr: l.titleFr ?? null,
    type: l.type,
    duration: l.type === 'video' ? (l.duration ?? null) : null,
    videoId: l.type === 'video' ? (l.videoId ?? null) : null,
    assignments: l.type === 'assignment' ? (l.assignments ?? null) : null,
    pdfLink: l.type === 'pdf' ? (l.pdfLink ?? null) : null,
    slidesDocumentId: l.slidesDocumentId ?? null,
    transcriptDocumentId: l.transcriptDocumentId ?? null,
  }));
export type LessonInput = z.input<typeof LessonInput>;

export const SectionInput = z.object({
  /** Kept when the section exists in this course; absent for a new section. */
  id: optionalId,
  title: requiredText(m.sectionTitleRequired, 200),
  titleFr: frenchText(200),
  lessons: z.array(LessonInput, { error: m.lessonsRequired }).min(1, m.lessonsRequired).max(MAX_LESSONS_PER_SECTION, m.tooManyLessons),
});
export type SectionInput = z.input<typeof SectionInput>;

/**
 * POST /api/v1/courses and PUT /api/v1/courses/:id (JSON). Sections and lessons keep the order of
 * their arrays; on update, those sent with their id keep it, new ones get new ids, missing ones go.
 */
export const CourseInput = z.object({
  courseTitle: requiredText(m.courseTitleRequired, 200),
  /** The title and description on French pages; blank: the English ones serve. A save without them clears them. */
  courseTitleFr: frenchText(200),
  description: multilineText().max(5000).default(''),
  descriptionFr: frenchText(5000, { multiline: true }),
  /** The author's id. */
  author: z.uuid({ error: m.authorRequired }),
  coverImage: CoverImageField,
  /** SPEC.md's client sent no status: its courses were visible, so published is the default. */
  status: z.enum(COURSE_STATUSES, { error: m.statusInvalid }).default('published'),
  sections: z.array(SectionInput).max(MAX_SECTIONS, m.tooManySections).default([]),
});
export type CourseInput = z.input<typeof CourseInput>;

/** The builder's defaults (SPEC.md §4): a new lesson is a video with no duration yet. */
export const newLesson = (): LessonInput => ({ title: '', titleFr: '', type: 'video', duration: '', videoId: '', assignments: null, pdfLink: null, slidesDocumentId: null, transcriptDocumentId: null });
/** A new section: a blank title and one new lesson. */
export const newSection = (): SectionInput => ({ title: '', titleFr: '', lessons: [newLesson()] });

export const LessonOut = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Null where no French was written (the English title serves); so are the French texts below. */
  titleFr: z.string().nullable(),
  type: z.enum(LESSON_TYPES),
  /** 0-based order within its section. */
  position: z.number().int(),
  duration: z.string().nullable(),
  videoId: z.string().nullable(),
  /** Assignment id (assignment lessons). */
  assignments: z.string().nullable(),
  /** Document id (pdf lessons); GET /api/v1/docs/{pdfLink} gives the file. */
  pdfLink: z.string().nullable(),
  /** Optional downloads of any lesson (the player's Lesson Slides and Transcript): document ids, or null. */
  slides: z.string().nullable(),
  transcript: z.string().nullable(),
});
export type LessonOut = z.infer<typeof LessonOut>;

export const SectionOut = z.object({
  id: z.uuid(),
  title: z.string(),
  titleFr: z.string().nullable(),
  /** 0-based order within the course. */
  position: z.number().int(),
  lessons: z.array(LessonOut),
});
export type SectionOut = z.infer<typeof SectionOut>;

/** GET /api/v1/courses/:id (and the answer of POST and PUT). */
export const CourseOut = z.object({
  id: z.uuid(),
  courseTitle: z.string(),
  courseTitleFr: z.string().nullable(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  /** Path on the API host (`/uploads/courses/...`), or null. */
  coverImage: z.string().nullable(),
  status: z.enum(COURSE_STATUSES),
  author: CourseAuthor,
  sections: z.array(SectionOut),
  lessonCount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseOut = z.infer<typeof CourseOut>;

/**
 * GET /api/v1/courses: optional paging; `q` searches in the page's language (`lang`: French texts, or
 * English ones where there is no French).
 */
export const CourseListQuery = AcademyListQuery.extend({ lang: langQuery });
export type CourseListQuery = z.input<typeof CourseListQuery>;

/** A row of GET /api/v1/courses. */
export const CourseListItem = z.object({
  id: z.uuid(),
  courseTitle: z.string(),
  courseTitleFr: z.string().nullable(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  coverImage: z.string().nullable(),
  authorId: z.uuid(),
  authorName: z.string(),
  lessonCount: z.number().int(),
  status: z.enum(COURSE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseListItem = z.infer<typeof CourseListItem>;

/** The builder's starting values when editing: a course as read, in the shape PUT takes (ids kept, the cover's path kept). */
export const courseToInput = (c: CourseOut): CourseInput => ({
  courseTitle: c.courseTitle,
  courseTitleFr: c.courseTitleFr ?? '',
  description: c.description,
  descriptionFr: c.descriptionFr ?? '',
  author: c.author.id,
  coverImage: c.coverImage,
  status: c.status,
  sections: c.sections.map((s) => ({
    id: s.id,
    title: s.title,
    titleFr: s.titleFr ?? '',
    lessons: s.lessons.map((l) => ({
      id: l.id,
      title: l.title,
      titleFr: l.titleFr ?? '',
      type: l.type,
      duration: l.duration,
      videoId: l.videoId,
      assignments: l.assignments,
      pdfLink: l.pdfLink,
      slidesDocumentId: l.slides,
      transcriptDocumentId: l.transcript,
    })),
  })),
});
