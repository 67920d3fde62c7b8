import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { COURSE_STATUSES, LESSON_TYPES } from '@meltway/shared/academy/limits';
import { users } from './accounts.js';

export const courseStatus = pgEnum('course_status', COURSE_STATUSES);
export const lessonType = pgEnum('lesson_type', LESSON_TYPES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const authors = pgTable(
  'authors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('authors_name_idx').on(t.name, t.id)],
);

/** PDF documents that pdf lessons open. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** `/uploads/docs/<uuid>.pdf`. */
    path: text('path').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_created_idx').on(t.createdAt, t.id)],
);

export type StoredQuestion = { questionText: string; answers: string[]; correctIndex: number };

/** Quizzes; the answer key (`correctIndex`) stays in here and reaches admins only. */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assignments_created_idx').on(t.createdAt, t.id)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverImage: text('cover_image'),
    // Restrict: an author that a course names cannot disappear ("already linked to course").
    authorId: uuid('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    status: courseStatus('status').notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_status_created_idx').on(t.status, t.createdAt, t.id), index('courses_author_idx').on(t.authorId)],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 0-based order within the course. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_sections_course_position_idx').on(t.courseId, t.position)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: lessonType('type').notNull(),
    /** 0-based order within its section. */
    position: integer('position').notNull(),
    /** `m:ss`, video lessons. */
    duration: text('duration'),
    videoId: text('video_id'),
    // Restrict: an assignment or document a lesson uses cannot be deleted ("already linked to course").
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'restrict' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_section_position_idx').on(t.sectionId, t.position),
    index('lessons_course_idx').on(t.courseId),
    index('lessons_assignment_idx').on(t.assignmentId),
    index('lessons_document_idx').on(t.documentId),
    check(
      'lessons_fields_match_type',
      sql`(${t.type} <> 'video' OR (${t.videoId} IS NOT NULL AND ${t.duration} IS NOT NULL))
        AND (${t.type} <> 'assignment' OR ${t.assignmentId} IS NOT NULL)
        AND (${t.type} <> 'pdf' OR ${t.documentId} IS NOT NULL)`,
    ),
  ],
);

export const certifications = pgTable(
  'certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    /** One certification per course. */
    courseId: uuid('course_id')
      .notNull()
      .unique()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Percent of correct answers a learner needs. */
    passingScore: integer('passing_score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('certifications_passing_score_range', sql`${t.passingScore} BETWEEN 0 AND 100`)],
);

/** Who follows which course. Restrict: a course with enrolled learners cannot be deleted, only unpublished. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('enrolments_course_user_unique').on(t.courseId, t.userId), index('enrolments_user_idx').on(t.userId)],
);

/** Learners' comments and questions on a course or one of its lessons, with staff's reply. */
export const courseComments = pgTable(
  'course_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    reply: text('reply'),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_comments_created_idx').on(t.createdAt, t.id),
    index('course_comments_course_idx').on(t.courseId),
    index('course_comments_lesson_idx').on(t.lessonId),
    index('course_comments_user_idx').on(t.userId),
  ],
);
