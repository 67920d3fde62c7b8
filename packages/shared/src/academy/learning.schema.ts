import { z } from 'zod';
import { int, multilineText, text } from '../common/fields.js';
import { PageQuery, paged, searchText } from '../common/paging.js';
import { LESSON_TYPES } from './limits.js';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/**
 * What a learner does in the academy: enrolment, progress, quiz attempts, file submissions and
 * certificates. Staff's authoring contracts stay in course, assignment and certification schemas.
 */

/** POST /api/v1/courses/:id/enrolment answers the learner's enrolment (201 the first time, 200 after). */
export const EnrolmentOut = z.object({
  courseId: z.uuid(),
  enrolledAt: z.string(),
});
export type EnrolmentOut = z.infer<typeof EnrolmentOut>;

/** GET /api/v1/courses/:id/progress: the learner's own progress in a course (404 when not enrolled). */
export const CourseProgressOut = z.object({
  /** Whole percent of the course's lessons seen, 0-100. */
  percent: z.number().int(),
  seenLessonIds: z.array(z.uuid()),
  /** Where the player resumes; null before the first lesson is opened. */
  lastLessonId: z.uuid().nullable(),
  /** Set once every lesson is seen and every quiz passed. */
  completedAt: z.string().nullable(),
  /** The certificate this course earned the learner, when it did (in the current cycle). */
  certificateId: z.string().nullable(),
  /** Seconds of each video lesson the server holds as watched in this cycle, by lesson id (the player resumes there). */
  watchedSeconds: z.record(z.string(), z.number().int()),
  /** The attempt cycle: 1 from enrolment, one more each recertification. */
  cycle: z.number().int(),
  /**
   * Whether the learner may re-open the course to recertify now (POST /courses/:id/recertification): they hold
   * its certificate, and it has expired or expires within 90 days.
   */
  recertifiable: z.boolean(),
});
export type CourseProgressOut = z.infer<typeof CourseProgressOut>;

/**
 * PUT /api/v1/lessons/:id/progress: the lesson is the one the learner is on (opened at the first call). The server
 * decides whether it counts: a PDF lesson once opened (`seen: true`), a video lesson once `watchedSeconds` reach 80%
 * of its duration and that long has passed since it was opened (`seen` alone never counts a video), a quiz lesson
 * only when its quiz is passed. `seen: false` only records where the learner is. Answers the course's progress.
 */
export const LessonProgressInput = z.object({
  seen: z.boolean().default(true),
  /** A video lesson's seconds watched so far, as the player reports them; the server keeps the highest, at most the duration. */
  watchedSeconds: int({ min: 0, max: 86_400, message: m.watchedSecondsInvalid }).optional(),
});
export type LessonProgressInput = z.input<typeof LessonProgressInput>;

/** POST /api/v1/assignments/:id/attempts: one chosen answer index per question, in order. */
export const AttemptInput = z.object({
  answers: z.array(int({ min: 0, max: 99, message: m.answerRequired }), { error: m.answersRequired }).min(1, m.answersRequired).max(100),
  /** The course the quiz is taken in, when the assignment is used by more than one of the learner's courses. */
  courseId: z.uuid().optional(),
  /** The quiz sheet the answers are for (GET …/quiz's `sheetId`): answers to an older sheet are refused (409). */
  sheetId: z.uuid().optional(),
});
export type AttemptInput = z.input<typeof AttemptInput>;

/**
 * The graded attempt: its score and pass or fail. Which questions were wrong (`results`, per question as shown,
 * never which answer was right) only once the attempt passed or was the last one before a wait; absent otherwise.
 */
export const AttemptOut = z.object({
  id: z.uuid(),
  attemptNumber: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  passingScore: z.number().int(),
  /** Attempts left in the current round after this one. */
  attemptsLeft: z.number().int(),
  /** When the next attempts open, when this one used up the round and failed; null otherwise. */
  opensAt: z.string().nullable(),
  results: z.array(z.object({ question: z.string(), correct: z.boolean() })).optional(),
  created_at: z.string(),
});
export type AttemptOut = z.infer<typeof AttemptOut>;

/** The headers POST /api/v1/assignments/:id/attempts reads: `Idempotency-Key` makes a resent submission one attempt. */
export const AttemptHeaders = z.looseObject({
  'idempotency-key': text().regex(/^[A-Za-z0-9_-]{8,100}$/, m.idempotencyKeyInvalid).optional(),
});

/** GET /api/v1/assignments/:id/quiz: which course the quiz is taken in, when more than one of the learner's courses uses it. */
export const QuizQuery = z.object({ courseId: z.uuid().optional() });
export type QuizQuery = z.input<typeof QuizQuery>;

/**
 * GET /api/v1/assignments/:id/quiz: a quiz as the learner takes it in one course: the questions and
 * their answers without any key, the pass mark, the attempts allowed and used, and the learner's
 * earlier attempts (oldest first).
 */
export const QuizOut = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  title: z.string(),
  /**
   * The open sheet's questions, drawn from the bank and shuffled with their answers for this attempt; empty when no
   * attempt is open (passed, or attempts used up until `opensAt`).
   */
  questions: z.array(z.object({ questionText: z.string(), answers: z.array(z.string()) })),
  /** The open sheet the answers must name; null when no attempt is open. */
  sheetId: z.uuid().nullable(),
  passingScore: z.number().int(),
  /** Attempts in a row before a wait of `retryWaitHours`. */
  attemptsLimit: z.number().int(),
  retryWaitHours: z.number().int(),
  /** Attempts used in the current round. */
  attemptsUsed: z.number().int(),
  /** When the next attempts open, while the round is used up; null otherwise. */
  opensAt: z.string().nullable(),
  passed: z.boolean(),
  attempts: z.array(AttemptOut),
});
export type QuizOut = z.infer<typeof QuizOut>;

const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** A certificate as its holder and staff read it (GET /api/v1/certificates, /certificates/:id). */
export const CertificateOut = z.object({
  /** The public certificate ID, also the /verify/:id address. */
  id: z.string(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  certificationName: z.string(),
  description: z.string(),
  /** The French course title, certification name and description; null where none was written (the English ones serve). */
  courseTitleFr: z.string().nullable(),
  certificationNameFr: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  skills: z.array(z.string()),
  /** The skills in French; empty where none were written (the English ones serve). */
  skillsFr: z.array(z.string()),
  instructor: z.string(),
  holderName: z.string(),
  score: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  revokedReason: z.string().nullable(),
  /** Absolute URL of the public verification page. */
  verificationUrl: z.string(),
});
export type CertificateOut = z.infer<typeof CertificateOut>;

/** GET /api/v1/certificates/verify/:id, public: what a third party may know; 404 for anything unknown. */
export const CertificateVerifyOut = z.object({
  id: z.string(),
  holderName: z.string(),
  courseTitle: z.string(),
  certificationName: z.string(),
  /** Null where no French was written (the English ones serve). */
  courseTitleFr: z.string().nullable(),
  certificationNameFr: z.string().nullable(),
  score: z.number().int(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type CertificateVerifyOut = z.infer<typeof CertificateVerifyOut>;

/**
 * POST /api/v1/certificates/verify: an Open Badges 3.0 credential (GET /certificates/:id/credential), as its JSON or
 * its VC-JWT text. `invalid`: not one of ours, not signed by our key, or changed since it was signed.
 */
export const CredentialVerifyOut = z.object({
  status: z.enum(['valid', 'expired', 'revoked', 'invalid']),
  /** Why it is invalid, in a few words (a bad signature, an unknown certificate, a malformed credential). */
  reason: z.string().optional(),
  certificateId: z.string().optional(),
  holderName: z.string().optional(),
  achievement: z.string().optional(),
  validFrom: z.string().optional(),
  validUntil: z.string().nullable().optional(),
});
export type CredentialVerifyOut = z.infer<typeof CredentialVerifyOut>;

/** The compliance view's statuses of a contractor for one certification. */
export const HOLDER_STATUSES = ['valid', 'expiring', 'expired', 'revoked', 'never'] as const;
export type HolderStatus = (typeof HOLDER_STATUSES)[number];

/**
 * GET /api/v1/certifications/holders (admins: every contractor, `dealerId` to filter; a dealer: its own contractors
 * only): one row per approved contractor and certification, its newest certificate's status and dates.
 */
export const HoldersQuery = PageQuery.extend({
  q: searchText(),
  status: z.enum(HOLDER_STATUSES).optional(),
  dealerId: z.uuid().optional(),
  certificationId: z.uuid().optional(),
});
export type HoldersQuery = z.input<typeof HoldersQuery>;
export const HolderOut = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  dealerId: z.uuid().nullable(),
  dealerName: z.string().nullable(),
  certificationId: z.uuid(),
  certificationName: z.string(),
  certificationNameFr: z.string().nullable(),
  courseId: z.uuid(),
  status: z.enum(HOLDER_STATUSES),
  /** The newest certificate's public id and dates; null for `never`. */
  certificateId: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type HolderOut = z.infer<typeof HolderOut>;
/** The page of rows, and the counts per status of every row the filters (but `status`) select. */
export const HolderList = paged(HolderOut).extend({ counts: z.record(z.enum(HOLDER_STATUSES), z.number().int()) });
export type HolderList = z.infer<typeof HolderList>;

/** POST /api/v1/certificates/:id/revoke (staff). */
export const CertificateRevokeInput = z.object({ reason: requiredText(m.revokeReasonRequired, 500) });
export type CertificateRevokeInput = z.input<typeof CertificateRevokeInput>;

/** POST /api/v1/assignment-submissions/:id/grade (staff). */
export const SubmissionGradeInput = z.object({
  grade: int({ max: 100, message: m.gradeInvalid }),
  comment: multilineText().max(5000).default(''),
});
export type SubmissionGradeInput = z.input<typeof SubmissionGradeInput>;

/** GET /api/v1/certificates: a learner's own; staff filter all of them (a dealer: its contractors'). */
export const CertificatesQuery = PageQuery.extend({
  q: searchText(),
  status: z.enum([...CERTIFICATE_STATUSES, 'expiring']).optional(),
  courseId: z.uuid().optional(),
});
export type CertificatesQuery = z.input<typeof CertificatesQuery>;
export const CertificateList = paged(CertificateOut);
export type CertificateList = z.infer<typeof CertificateList>;

/** A row of GET /api/v1/me/courses: a course the learner is enrolled in, for the learner home. */
export const EnrolledCourseOut = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  description: z.string(),
  /** The French title and description; null where none was written (the English ones serve). */
  courseTitleFr: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  coverImage: z.string().nullable(),
  authorName: z.string(),
  percent: z.number().int(),
  enrolledAt: z.string(),
  lastActivityAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The first lesson, in course order, not seen yet: "Next Lesson Due"; null when all are seen. */
  nextLesson: z.object({ id: z.uuid(), title: z.string(), titleFr: z.string().nullable(), type: z.enum(LESSON_TYPES) }).nullable(),
});
export type EnrolledCourseOut = z.infer<typeof EnrolledCourseOut>;

/** POST /api/v1/courses/:id/comments: a learner's question about the course or one of its lessons. */
export const LearnerCommentInput = z.object({
  comment: requiredText(m.commentRequired, 5000, true),
  lessonId: z.uuid().nullable().optional(),
});
export type LearnerCommentInput = z.input<typeof LearnerCommentInput>;

/** GET /api/v1/students: one enrolment (a learner in a course) with real progress. */
export const StudentOut = z.object({
  /** The enrolment's id: DELETE /api/v1/students/:id removes it. */
  id: z.uuid(),
  userId: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  studentName: z.string(),
  /** The name as French pages write it, when one was given on Add New Student; null otherwise (studentName serves). */
  studentNameFr: z.string().nullable(),
  email: z.string(),
  image: z.string().nullable(),
  progress: z.number().int(),
  lastActivity: z.string().nullable(),
  /** Average of the best score of each quiz taken, null before any. */
  avgScore: z.number().int().nullable(),
  quizzesTaken: z.number().int(),
  /** Quizzes of the course not yet passed among those whose lesson comes before the learner's last lesson. */
  quizzesMissed: z.number().int(),
  created_at: z.string(),
});
export type StudentOut = z.infer<typeof StudentOut>;
export const StudentsQuery = PageQuery.extend({ q: searchText(), courseId: z.uuid().optional() });
export type StudentsQuery = z.input<typeof StudentsQuery>;
export const StudentList = paged(StudentOut);
export type StudentList = z.infer<typeof StudentList>;

/**
 * GET /api/v1/students/:id/attempts (staff; a dealer: its own contractors' enrolments): every quiz attempt of the
 * enrolment's learner in its course, oldest first, numbered per quiz and cycle. Scores only: never the answers.
 */
export const StudentAttemptOut = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  quizTitle: z.string(),
  /** The enrolment's attempt cycle it belongs to (1, then one more each recertification). */
  cycle: z.number().int(),
  attemptNumber: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  created_at: z.string(),
});
export type StudentAttemptOut = z.infer<typeof StudentAttemptOut>;

/**
 * POST /api/v1/students (multipart: name as JSON `{ en, fr }` (SPEC.md §3's name_object), email,
 * courseId, optional image): creates the learner (a customer), enrols them and mails an invitation to
 * set a password; an existing account with that email is enrolled without a new invitation.
 */
export const AddStudentInput = z.object({
  name: z.object({ en: requiredText(m.studentNameRequired, 200), fr: text().max(200).default('') }),
  email: z.email({ error: m.studentEmailInvalid }).max(254),
  courseId: z.uuid({ error: m.courseRequired }),
});
export type AddStudentInput = z.input<typeof AddStudentInput>;
/** POST /api/v1/students answers the new row and whether an invitation was mailed (false: an existing account was enrolled). */
export const AddStudentOut = z.object({ student: StudentOut, invited: z.boolean(), message: z.string() });
export type AddStudentOut = z.infer<typeof AddStudentOut>;

/** A file handed in for /lms/assignment, as its learner and staff read it. */
export const SubmissionOut = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  userId: z.uuid(),
  learnerName: z.string(),
  fileName: z.string(),
  fileType: z.enum(['xlsx', 'xls', 'csv']),
  size: z.number().int(),
  grade: z.number().int().nullable(),
  gradeComment: z.string().nullable(),
  graded_at: z.string().nullable(),
  created_at: z.string(),
});
export type SubmissionOut = z.infer<typeof SubmissionOut>;
export const SubmissionsQuery = PageQuery.extend({ courseId: z.uuid().optional(), graded: z.enum(['yes', 'no']).optional() });
export type SubmissionsQuery = z.input<typeof SubmissionsQuery>;
export const SubmissionList = paged(SubmissionOut);
export type SubmissionList = z.infer<typeof SubmissionList>;

/** POST /api/v1/assignment-submissions (multipart): the course and one `file` (.xlsx, .xls or .csv). */
export const SubmissionInput = z.object({ courseId: z.uuid({ error: m.courseRequired }) });
export type SubmissionInput = z.input<typeof SubmissionInput>;

