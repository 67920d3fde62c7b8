import type { AddStudentInput, AddStudentOut, StudentList, StudentOut, StudentsQuery } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles } from '../../lib/stored-files.js';
import { mailPasswordLink } from '../accounts/password-reset.service.js';
import { iso } from './academy-rules.js';
import * as repo from './students.repo.js';

/** Like the dashboard's other invitations: the invitee may not read mail at once. */
const INVITE_TTL_MINUTES = 72 * 60;

const toStudentOut = (r: repo.StudentRow): StudentOut => ({
  id: r.enrolment.id,
  userId: r.enrolment.userId,
  courseId: r.enrolment.courseId,
  courseTitle: r.courseTitle,
  studentName: r.studentName,
  studentNameFr: r.studentNameFr,
  email: r.email,
  image: r.image,
  progress: r.lessonCount > 0 ? Math.floor((r.seenCount * 100) / r.lessonCount) : 0,
  lastActivity: r.enrolment.lastActivityAt ? iso(r.enrolment.lastActivityAt) : null,
  avgScore: r.avgScore,
  quizzesTaken: r.quizzesTaken,
  quizzesMissed: r.quizzesMissed,
  created_at: iso(r.enrolment.createdAt),
});

/** Admins see every enrolment; a dealer only those of its own contractors. */
const scopeOf = (ctx: Ctx): repo.StudentScope => {
  const me = actor(ctx);
  return me.role === 'dealer' ? { dealerId: me.id } : {};
};

/** Learners per course with their progress, newest enrolment first, paged on the server. */
export async function listStudents(ctx: Ctx, query: z.output<typeof StudentsQuery>): Promise<StudentList> {
  const scope = scopeOf(ctx);
  const filters = { q: query.q || undefined, courseId: query.courseId };
  const [rows, total] = await Promise.all([
    repo.pageStudents(ctx.db, { ...filters, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }, scope),
    repo.countStudents(ctx.db, filters, scope),
  ]);
  return { items: rows.map(toStudentOut), total };
}

/** Removes an enrolment and the learner's progress in that course; certificates already issued stay. */
export async function removeStudent(ctx: Ctx, id: string) {
  const row = await repo.deleteEnrolment(ctx.db, id);
  if (!row) throw new NotFoundError(m.enrolmentNotFound);
  ctx.log.info({ enrolmentId: id, userId: row.userId, courseId: row.courseId, by: actor(ctx).id }, 'student removed');
  return { message: m.studentRemoved };
}

async function invite(ctx: Ctx, user: { id: string; email: string; fullname: string; fullnameFr: string | null }) {
  const login = `${ctx.config.publicUrl}/login`;
  await mailPasswordLink(
    ctx,
    user.id,
    'invite',
    (link) => ({
      to: user.email,
      subject: 'Your Meltway Academy account / Votre compte Meltway Academy',
      text:
        `Hello ${user.fullname},\n\nYou have been enrolled in a course of the Meltway Academy.\n\nChoose your password with this link (valid for 3 days):\n\n${link}\n\nThen sign in at ${login}\n\n` +
        `---\n\nBonjour ${user.fullnameFr ?? user.fullname},\n\nVous avez été inscrit à un cours de la Meltway Academy.\n\nChoisissez votre mot de passe avec ce lien (valable 3 jours) :\n\n${link}\n\nPuis connectez-vous sur ${login}\n\nMeltway`,
    }),
    INVITE_TTL_MINUTES,
  );
}

/**
 * Add New Student: enrols the learner with that email in a published course. A new email becomes a
 * customer account, invited by mail to choose its password; an existing account is enrolled as it is.
 */
export async function addStudent(ctx: Ctx, input: z.output<typeof AddStudentInput>, image?: UploadedFile): Promise<AddStudentOut> {
  const me = actor(ctx);
  const email = input.email.toLowerCase();
  const course = await repo.findCourseStatus(ctx.db, input.courseId);
  if (!course) throw new FieldError('courseId', m.courseMissing);
  if (course.status !== 'published') throw new FieldError('courseId', m.courseNotPublished);

  const stored = image ? await ctx.storage.save(image.bytes, { folder: 'users', ext: image.ext }) : undefined;
  let created: { id: string; email: string; fullname: string; fullnameFr: string | null } | undefined;
  let enrolmentId: string;
  try {
    enrolmentId = await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByEmail(tx, email);
      if (!user) {
        user = await repo.insertLearner(tx, { email, fullname: input.name.en, fullnameFr: input.name.fr || null, image: stored ?? null, createdAt: ctx.now });
        created = user;
      }
      const enrolment = await repo.insertEnrolment(tx, { courseId: course.id, userId: user.id, createdAt: ctx.now });
      return enrolment.id;
    });
  } catch (err) {
    await removeFiles(ctx.storage, [stored]);
    if (uniqueViolation(err) === 'enrolments_course_user_unique') throw new ConflictError(m.alreadyEnrolled, 'email');
    // Two requests creating the same new account at once: the second finds it taken.
    if (uniqueViolation(err) !== undefined) throw new ConflictError(m.alreadyEnrolled, 'email');
    throw err;
  }
  // The image belongs to a new account only; an existing account keeps its own.
  if (!created) await removeFiles(ctx.storage, [stored]);
  else await invite(ctx, created);
  ctx.log.info({ enrolmentId, courseId: course.id, invited: !!created, by: me.id }, 'student added');

  const row = await repo.findStudent(ctx.db, enrolmentId);
  return { student: toStudentOut(row!), invited: !!created, message: created ? m.studentInvited : m.studentEnrolled };
}
