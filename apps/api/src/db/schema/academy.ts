import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { COURSE_STATUSES, LESSON_TYPES } from '@meltway/shared/academy/limits';
import type { ProductFamily } from '@meltway/shared/catalogue/limits';
import { users } from './accounts.js';

export const courseStatus = pgEnum('course_status', COURSE_STATUSES);
export const lessonType = pgEnum('lesson_type', LESSON_TYPES);

/** PostgreSQL's full-text document type (drizzle has no builder for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

/**
 * How one attempt shows a quiz: the questions drawn from the bank, in the order shown, each with its answers
 * in the order shown, as indexes into the assignment's stored questions and answers.
 */
export type QuizLayout = { question: number; answers: number[] }[];

/** Quizzes; the answer key (`correctIndex`) stays in here and reaches admins only. */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
    /** Questions each attempt draws from the bank; null: every question. */
    drawCount: integer('draw_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_created_idx').on(t.createdAt, t.id),
    check('assignments_draw_count_range', sql`${t.drawCount} IS NULL OR ${t.drawCount} >= 1`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** French title and description; null: the English ones serve on French pages too. */
    titleFr: text('title_fr'),
    descriptionFr: text('description_fr'),
    coverImage: text('cover_image'),
    // Restrict: an author that a course names cannot disappear ("already linked to course").
    authorId: uuid('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    status: courseStatus('status').notNull().default('draft'),
    /**
     * What the catalogue search reads: title, description, author name and lesson titles, lower case
     * and without accents (`searchableText` in packages/shared), rewritten whenever one of them changes.
     */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    /** The same for French pages: each French text, or its English one where there is no French. */
    searchTextFr: text('search_text_fr').notNull().default(''),
    searchVectorFr: tsvector('search_vector_fr').generatedAlwaysAs(sql`to_tsvector('simple', search_text_fr)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_status_created_idx').on(t.status, t.createdAt, t.id),
    index('courses_author_idx').on(t.authorId),
    index('courses_search_idx').using('gin', t.searchVector),
    // The learners' catalogue searches published courses only: its count then needs no status check per row.
    index('courses_published_search_idx').using('gin', t.searchVector).where(sql`${t.status} = 'published'`),
    index('courses_search_fr_idx').using('gin', t.searchVectorFr),
    index('courses_published_search_fr_idx').using('gin', t.searchVectorFr).where(sql`${t.status} = 'published'`),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleFr: text('title_fr'),
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
    titleFr: text('title_fr'),
    type: lessonType('type').notNull(),
    /** 0-based order within its section. */
    position: integer('position').notNull(),
    /** `m:ss`, video lessons. */
    duration: text('duration'),
    videoId: text('video_id'),
    // Restrict: an assignment or document a lesson uses cannot be deleted ("already linked to course").
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'restrict' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'restrict' }),
    /** Optional downloads of any lesson (the player's Resources: Lesson Slides, Transcript). */
    slidesDocumentId: uuid('slides_document_id').references(() => documents.id, { onDelete: 'restrict' }),
    transcriptDocumentId: uuid('transcript_document_id').references(() => documents.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_section_position_idx').on(t.sectionId, t.position),
    index('lessons_course_idx').on(t.courseId),
    index('lessons_assignment_idx').on(t.assignmentId),
    index('lessons_document_idx').on(t.documentId),
    index('lessons_slides_document_idx').on(t.slidesDocumentId),
    index('lessons_transcript_document_idx').on(t.transcriptDocumentId),
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
    /** French name and description; null: the English ones serve on French pages and certificates too. */
    nameFr: text('name_fr'),
    descriptionFr: text('description_fr'),
    image: text('image'),
    /** One certification per course. */
    courseId: uuid('course_id')
      .notNull()
      .unique()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Percent of correct answers a learner needs. */
    passingScore: integer('passing_score').notNull(),
    /** Attempts a learner gets at each quiz of the course in a row, before a wait of `retryWaitHours`. */
    attemptsLimit: integer('attempts_limit').notNull().default(3),
    /** Hours after the last of `attemptsLimit` failed attempts before the next ones open. */
    retryWaitHours: integer('retry_wait_hours').notNull().default(24),
    /** How long a certificate stays valid, in months; null: it does not expire. */
    validityMonths: integer('validity_months'),
    /** What a holder can do, one per entry (My Certifications' skills). */
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    /** The same skills in French, one per entry; empty: the English ones serve on French pages. */
    skillsFr: jsonb('skills_fr').$type<string[]>().notNull().default([]),
    /** The product families it qualifies its holders for (installers' search); empty: all of them. */
    productFamilies: jsonb('product_families').$type<ProductFamily[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('certifications_passing_score_range', sql`${t.passingScore} BETWEEN 0 AND 100`),
    check('certifications_attempts_limit_range', sql`${t.attemptsLimit} BETWEEN 1 AND 100`),
    check('certifications_retry_wait_hours_range', sql`${t.retryWaitHours} BETWEEN 0 AND 720`),
    check('certifications_validity_months_range', sql`${t.validityMonths} IS NULL OR ${t.validityMonths} BETWEEN 1 AND 240`),
  ],
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
    /** The lesson the learner last opened: the player resumes there on any device. */
    lastLessonId: uuid('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    /** Last time the learner opened, saw or answered anything of the course. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** When every lesson of the current cycle counted and every quiz was passed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The attempt cycle: 1 from enrolment, one more each time a holder re-opens the course to recertify. Lessons
     * count, quizzes are attempted and a certificate is issued within the current cycle.
     */
    cycle: integer('cycle').notNull().default(1),
    /** When the current cycle began; null: at enrolment. */
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('enrolments_course_user_unique').on(t.courseId, t.userId),
    index('enrolments_user_idx').on(t.userId),
    index('enrolments_course_created_idx').on(t.courseId, t.createdAt),
  ],
);

/**
 * A learner's progress through each lesson they opened, in the current cycle; one row per learner and lesson
 * (a new cycle deletes the course's rows). `seenAt` is set when the lesson counts: a PDF once opened, a video
 * once watched for most of its length (and at least that long after it was opened), a quiz once passed.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** When the lesson counted; null: opened, not counted yet. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When the learner first opened the lesson in this cycle. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** A video lesson's seconds watched, as the player reports them (the highest report, at most its duration). */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_user_course_idx').on(t.userId, t.courseId)],
);

/**
 * A learner's graded answers to a quiz of a course. `attemptNumber` counts from 1 per learner, course
 * and assignment (the attempts limit); the idempotency key makes a resent submission one attempt.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    /** The enrolment's cycle the attempt belongs to. */
    cycle: integer('cycle').notNull().default(1),
    attemptNumber: integer('attempt_number').notNull(),
    /** How the quiz was shown (null: before shuffling, every question and answer in stored order). */
    layout: jsonb('layout').$type<QuizLayout>(),
    /** The chosen answer's index per question, as shown. */
    answers: jsonb('answers').$type<number[]>().notNull(),
    /** Per question as shown: was the chosen answer right. */
    results: jsonb('results').$type<boolean[]>().notNull(),
    /** Percent of right answers, 0-100. */
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('quiz_attempts_number_unique').on(t.userId, t.courseId, t.assignmentId, t.cycle, t.attemptNumber),
    unique('quiz_attempts_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('quiz_attempts_course_user_idx').on(t.courseId, t.userId),
    check('quiz_attempts_score_range', sql`${t.score} BETWEEN 0 AND 100`),
  ],
);

/**
 * The quiz a learner has open: the questions drawn and the order of questions and answers it shows, made when the
 * learner opens the quiz and kept until they answer it (the answers are graded against it), then replaced.
 */
export const quizSheets = pgTable(
  'quiz_sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    layout: jsonb('layout').$type<QuizLayout>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('quiz_sheets_open_unique').on(t.userId, t.courseId, t.assignmentId)],
);

/**
 * Files learners hand in for a course's file assignment (/lms/assignment), kept privately under
 * DATA_DIR (never served as a public upload); staff grade them with a comment.
 */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Private storage key, relative to the submissions folder. */
    storageKey: text('storage_key').notNull(),
    /** xlsx, xls or csv, as read from the bytes. */
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    grade: integer('grade'),
    gradeComment: text('grade_comment'),
    gradedBy: uuid('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignment_submissions_user_idx').on(t.userId, t.createdAt),
    index('assignment_submissions_created_idx').on(t.createdAt, t.id),
    check('assignment_submissions_grade_range', sql`${t.grade} IS NULL OR ${t.grade} BETWEEN 0 AND 100`),
  ],
);

/**
 * Certificates issued to learners. `code` is the public, unguessable certificate ID of /verify/:id.
 * At most one live (not revoked) certificate per learner, course and cycle; a reissue is a new row that
 * names the revoked one it replaces, a recertification a new row of the next cycle (the old one expires).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    certificationId: uuid('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'restrict' }),
    /** The learner's quiz score for the course (average of the best attempt per quiz), 0-100. */
    score: integer('score').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    replacesId: uuid('replaces_id').references((): AnyPgColumn => certificates.id, { onDelete: 'set null' }),
    /** The enrolment's cycle that earned it: a recertification is a new certificate of the next cycle. */
    cycle: integer('cycle').notNull().default(1),
    /** Recertification mails already written (90 and 30 days before expiry). */
    reminded90At: timestamp('reminded_90_at', { withTimezone: true }),
    reminded30At: timestamp('reminded_30_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_one_live_idx').on(t.userId, t.courseId, t.cycle).where(sql`${t.revokedAt} IS NULL`),
    index('certificates_user_idx').on(t.userId, t.issuedAt),
    index('certificates_issued_idx').on(t.issuedAt, t.id),
    index('certificates_expires_idx').on(t.expiresAt),
    check('certificates_score_range', sql`${t.score} BETWEEN 0 AND 100`),
  ],
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

/**
 * The platform's Ed25519 keys that sign the Open Badges credentials (JWKs). The first process that needs one
 * makes it; every process then reads the same newest one. The public part is published under /.well-known/.
 */
export const signingKeys = pgTable('signing_keys', {
  /** The key id (`kid`): the RFC 7638 thumbprint of the public key. */
  id: text('id').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});
