import { ACADEMY_IMAGE_MAX_BYTES, ACADEMY_IMAGE_TYPES } from '@meltway/shared/academy/limits';
import type { CourseInput, CourseListItem, CourseListQuery, CourseOut, LessonOut, SectionOut } from '@meltway/shared/academy/course.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { foreignKeyViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { checkFile, decodeDataUrl } from '../../lib/files.js';
import { removeFiles } from '../../lib/stored-files.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { iso, isStaff } from './academy-rules.js';
import { refreshSearchText, searchQuery } from './course-search.js';
import * as certificationsRepo from './certifications.repo.js';
import * as repo from './courses.repo.js';

type Input = z.output<typeof CourseInput>;

const toListItem = (r: { course: repo.CourseRow; authorName: string; lessonCount: number }): CourseListItem => ({
  id: r.course.id,
  courseTitle: r.course.title,
  courseTitleFr: r.course.titleFr,
  description: r.course.description,
  descriptionFr: r.course.descriptionFr,
  coverImage: r.course.coverImage,
  authorId: r.course.authorId,
  authorName: r.authorName,
  lessonCount: Number(r.lessonCount),
  status: r.course.status,
  created_at: iso(r.course.createdAt),
  updated_at: iso(r.course.updatedAt),
});

const toLessonOut = (l: repo.LessonRead): LessonOut => ({
  id: l.id,
  title: l.title,
  titleFr: l.titleFr,
  type: l.type,
  position: l.position,
  duration: l.duration,
  videoId: l.videoId,
  assignments: l.assignmentId,
  pdfLink: l.documentId,
  slides: l.slidesDocumentId,
  transcript: l.transcriptDocumentId,
});

/**
 * How many courses a list finds over all its pages, kept under the academy's cache version: a search's
 * total is counted once until a course, section, lesson or author changes (another process's change is
 * seen within CACHE_POLL_MS). Counting a common word reads every course that holds it; its page does not.
 */
const totals = cachePerDatabase<number>('course-totals', 30_000, 1000);

/** Courses, newest first: published ones for everyone, drafts too for staff; `total` counts every page. */
export async function listCourses(ctx: Ctx, query: z.output<typeof CourseListQuery>): Promise<{ rows: CourseListItem[]; total: number }> {
  const p = { ...query, withDrafts: isStaff(ctx) };
  const tsquery = searchQuery(p.q);
  const totalKey = `${ctx.versions.version('academy')}:${p.withDrafts ? 'drafts' : 'published'}:${tsquery ? `${p.lang}:${tsquery}` : ''}`;
  const [rows, total] = await Promise.all([repo.listCourses(ctx.db, p), totals(ctx.db).getOr(totalKey, () => repo.countListed(ctx.db, p))]);
  return { rows: rows.map(toListItem), total };
}

async function readCourse(db: Db, id: string): Promise<CourseOut | undefined> {
  const row = await repo.courseContents(db, id);
  if (!row) return undefined;
  const { sections, lessons } = row;
  const bySection = new Map<string, LessonOut[]>();
  for (const l of lessons) bySection.set(l.sectionId, [...(bySection.get(l.sectionId) ?? []), toLessonOut(l)]);
  const outSections: SectionOut[] = sections.map((s) => ({ id: s.id, title: s.title, titleFr: s.titleFr, position: s.position, lessons: bySection.get(s.id) ?? [] }));
  return {
    id: row.course.id,
    courseTitle: row.course.title,
    courseTitleFr: row.course.titleFr,
    description: row.course.description,
    descriptionFr: row.course.descriptionFr,
    coverImage: row.course.coverImage,
    status: row.course.status,
    author: { id: row.author.id, name: row.author.name, description: row.author.description, image: row.author.image },
    sections: outSections,
    lessonCount: lessons.length,
    created_at: iso(row.course.createdAt),
    updated_at: iso(row.course.updatedAt),
  };
}

/** One course with its sections and lessons in order; a draft is found by staff only. */
export async function getCourse(ctx: Ctx, id: string): Promise<CourseOut> {
  const course = await readCourse(ctx.db, id);
  if (!course || (course.status !== 'published' && !isStaff(ctx))) throw new NotFoundError(m.courseNotFound);
  return course;
}

/** Checks that the author, assignments and documents named exist; every missing one is reported at its field. */
async function checkReferences(ctx: Ctx, input: Input) {
  const lessons = input.sections.flatMap((s, i) => s.lessons.map((l, j) => ({ l, path: `sections.${i}.lessons.${j}` })));
  const [authorOk, assignmentsFound, documentsFound] = await Promise.all([
    repo.existingAuthor(ctx.db, input.author),
    repo.existingAssignments(ctx.db, [...new Set(lessons.flatMap(({ l }) => (l.assignments ? [l.assignments] : [])))]),
    repo.existingDocuments(ctx.db, [...new Set(lessons.flatMap(({ l }) => [l.pdfLink, l.slidesDocumentId, l.transcriptDocumentId].filter((d): d is string => !!d)))]),
  ]);
  const issues: { path: string; message: string }[] = [];
  if (!authorOk) issues.push({ path: 'author', message: m.authorMissing });
  for (const { l, path } of lessons) {
    if (l.assignments && !assignmentsFound.has(l.assignments)) issues.push({ path: `${path}.assignments`, message: m.assignmentMissing });
    if (l.pdfLink && !documentsFound.has(l.pdfLink)) issues.push({ path: `${path}.pdfLink`, message: m.documentMissing });
    if (l.slidesDocumentId && !documentsFound.has(l.slidesDocumentId)) issues.push({ path: `${path}.slidesDocumentId`, message: m.documentMissing });
    if (l.transcriptDocumentId && !documentsFound.has(l.transcriptDocumentId)) issues.push({ path: `${path}.transcriptDocumentId`, message: m.documentMissing });
  }
  if (issues.length) throw new ValidationError(issues);
}

/** A reference deleted between the check and the write: the foreign key still refuses it. */
const missingOnForeignKey = (err: unknown): never => {
  const fk = foreignKeyViolation(err);
  if (fk?.includes('author')) throw new FieldError('author', m.authorMissing);
  if (fk?.includes('assignment')) throw new FieldError('sections', m.assignmentMissing);
  if (fk?.includes('document')) throw new FieldError('sections', m.documentMissing);
  throw err;
};

/** Decodes a cover's data URL, checks its bytes (an image, at most 2MB) and stores it. */
async function storeCover(ctx: Ctx, dataUrl: string) {
  const bytes = decodeDataUrl(dataUrl, 'coverImage', m.imageOnly);
  if (bytes.byteLength > ACADEMY_IMAGE_MAX_BYTES) throw new FieldError('coverImage', m.imageTooLarge);
  const file = await checkFile(bytes, { allowed: ACADEMY_IMAGE_TYPES, maxBytes: ACADEMY_IMAGE_MAX_BYTES, field: 'coverImage', typeMessage: m.imageOnly, sizeMessage: m.imageTooLarge });
  return ctx.storage.save(file.bytes, { folder: 'courses', ext: file.ext });
}

/**
 * Writes a course's table of contents in the order given. Sections and lessons sent with an id of
 * this course keep it (a lesson may move to another section); others are new; those left out go.
 */
async function writeContents(tx: Db, courseId: string, sections: Input['sections']) {
  const [oldSections, oldLessons] = await Promise.all([repo.sectionsOf(tx, courseId), repo.lessonsOf(tx, courseId)]);
  const sectionIds = new Set(oldSections.map((s) => s.id));
  const lessonIds = new Set(oldLessons.map((l) => l.id));
  const keptSections: string[] = [];
  const keptLessons: string[] = [];
  for (const [position, s] of sections.entries()) {
    let sectionId: string;
    const titleFr = s.titleFr ?? null;
    if (s.id && sectionIds.delete(s.id)) {
      await repo.updateSection(tx, s.id, { title: s.title, titleFr, position });
      sectionId = s.id;
    } else {
      sectionId = (await repo.insertSection(tx, { courseId, title: s.title, titleFr, position })).id;
    }
    keptSections.push(sectionId);
    for (const [lessonPosition, l] of s.lessons.entries()) {
      const values = {
        courseId,
        sectionId,
        title: l.title,
        titleFr: l.titleFr,
        type: l.type,
        position: lessonPosition,
        duration: l.duration,
        videoId: l.videoId,
        assignmentId: l.assignments,
        documentId: l.pdfLink,
        slidesDocumentId: l.slidesDocumentId,
        transcriptDocumentId: l.transcriptDocumentId,
      };
      if (l.id && lessonIds.delete(l.id)) {
        await repo.updateLesson(tx, l.id, values);
        keptLessons.push(l.id);
      } else {
        keptLessons.push((await repo.insertLesson(tx, values)).id);
      }
    }
  }
  // Lessons first: one moved out of a removed section is already in its new one.
  await repo.deleteLessonsExcept(tx, courseId, keptLessons);
  await repo.deleteSectionsExcept(tx, courseId, keptSections);
}

/** Creates a course with its cover (from its data URL) and its table of contents. */
export async function createCourse(ctx: Ctx, input: Input) {
  await checkReferences(ctx, input);
  const cover = input.coverImage?.startsWith('data:') ? await storeCover(ctx, input.coverImage) : null;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const course = await repo.insertCourse(tx, {
        title: input.courseTitle,
        titleFr: input.courseTitleFr ?? null,
        description: input.description,
        descriptionFr: input.descriptionFr ?? null,
        authorId: input.author,
        status: input.status,
        coverImage: cover,
      });
      await writeContents(tx, course.id, input.sections);
      await refreshSearchText(tx, [course.id]);
      return course.id;
    });
    ctx.log.info({ courseId: id, by: ctx.user?.id }, 'course created');
    return (await readCourse(ctx.db, id))!;
  } catch (err) {
    await removeFiles(ctx.storage, [cover]);
    return missingOnForeignKey(err);
  }
}

/** Saves a course: its fields, its cover (a new data URL replaces it, null removes it) and its table of contents. */
export async function updateCourse(ctx: Ctx, id: string, input: Input) {
  await checkReferences(ctx, input);
  const v = input.coverImage;
  const cover = v?.startsWith('data:') ? await storeCover(ctx, v) : undefined;
  const removeCover = v === null || v === '';
  let before: repo.CourseRow | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      before = await repo.lockCourse(tx, id);
      if (!before) throw new NotFoundError(m.courseNotFound);
      await repo.updateCourse(tx, id, {
        title: input.courseTitle,
        titleFr: input.courseTitleFr ?? null,
        description: input.description,
        descriptionFr: input.descriptionFr ?? null,
        authorId: input.author,
        status: input.status,
        ...(cover ? { coverImage: cover } : removeCover ? { coverImage: null } : {}),
      });
      await writeContents(tx, id, input.sections);
      await refreshSearchText(tx, [id]);
    });
  } catch (err) {
    await removeFiles(ctx.storage, [cover]);
    return missingOnForeignKey(err);
  }
  if ((cover || removeCover) && before?.coverImage) await removeFiles(ctx.storage, [before.coverImage]);
  return (await readCourse(ctx.db, id))!;
}

/** Deletes a course nobody is enrolled in (with its contents, comments and certification); otherwise it can only be unpublished. */
export async function deleteCourse(ctx: Ctx, id: string) {
  const course = await repo.findCourse(ctx.db, id);
  if (!course) throw new NotFoundError(m.courseNotFound);
  if ((await repo.countEnrolments(ctx.db, id)) > 0) throw new ConflictError(m.courseHasLearners);
  const certificate = (await certificationsRepo.listCertifications(ctx.db, { publishedOnly: false, courseId: id }))[0];
  try {
    await repo.deleteCourse(ctx.db, id);
  } catch (err) {
    // Someone enrolled since the check: the foreign key still refuses.
    if (foreignKeyViolation(err) !== undefined) throw new ConflictError(m.courseHasLearners);
    throw err;
  }
  await removeFiles(ctx.storage, [course.course.coverImage, certificate?.cert.image]);
  ctx.log.info({ courseId: id, by: ctx.user?.id }, 'course deleted');
  return { message: m.courseDeleted };
}

/** The dashboard's academy figures: courses (staff count drafts too) and people enrolled (a dealer: its contractors). */
export async function academyFigures(ctx: Ctx) {
  const me = actor(ctx);
  const [courses, learners] = await Promise.all([
    repo.countCourses(ctx.db, me.role === 'admin'),
    repo.countLearners(ctx.db, me.role === 'dealer' ? me.id : undefined),
  ]);
  return { courses, learners };
}
