import type { AssignmentInput, AssignmentLearnerOut, AssignmentListItem, AssignmentOut } from '@meltway/shared/academy/assignment.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { iso, isStaff, linkedOnForeignKey, type ListQuery } from './academy-rules.js';
import * as repo from './assignments.repo.js';

const toAssignmentOut = (r: { assignment: repo.AssignmentRow; lessonCount: number }): AssignmentOut => ({
  id: r.assignment.id,
  title: r.assignment.title,
  questions: r.assignment.questions.map((q) => ({ questionText: q.questionText, answers: [...q.answers], correctIndex: q.correctIndex })),
  drawCount: r.assignment.drawCount,
  lessonCount: Number(r.lessonCount),
  created_at: iso(r.assignment.createdAt),
  updated_at: iso(r.assignment.updatedAt),
});

/**
 * The learner's copy: the title only. A learner takes the quiz through GET /assignments/:id/quiz, which shows the
 * questions drawn for them: the bank (and with it every question a draw could show) stays with staff.
 */
const toLearnerOut = (a: repo.AssignmentRow): AssignmentLearnerOut => ({ id: a.id, title: a.title, questions: [] });

/** Assignments, newest first, with their number of questions (staff). */
export async function listAssignments(ctx: Ctx, query: ListQuery): Promise<AssignmentListItem[]> {
  return (await repo.listAssignments(ctx.db, query)).map((r) => ({
    id: r.id,
    title: r.title,
    questionCount: Number(r.questionCount),
    lessonCount: Number(r.lessonCount),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

/** Staff get the whole assignment with its key; learners the title of a published course's assignment. */
export async function getAssignment(ctx: Ctx, id: string): Promise<AssignmentOut | AssignmentLearnerOut> {
  const row = await repo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  if (isStaff(ctx)) return toAssignmentOut(row);
  if (!(await repo.assignmentInPublishedCourse(ctx.db, id))) throw new NotFoundError(m.assignmentNotFound);
  return toLearnerOut(row.assignment);
}

/** Creates an assignment (blank answers already dropped by the schema) with its draw count. */
export async function createAssignment(ctx: Ctx, input: z.output<typeof AssignmentInput>) {
  const row = await repo.insertAssignment(ctx.db, { title: input.title, questions: input.questions, drawCount: input.drawCount ?? null });
  return toAssignmentOut({ assignment: row, lessonCount: 0 });
}

/** Replaces an assignment's title, questions and draw count (absent or empty: every question). */
export async function updateAssignment(ctx: Ctx, id: string, input: z.output<typeof AssignmentInput>) {
  const values = { title: input.title, questions: input.questions, drawCount: input.drawCount ?? null };
  if (!(await repo.updateAssignment(ctx.db, id, values))) throw new NotFoundError(m.assignmentNotFound);
  return toAssignmentOut((await repo.findAssignment(ctx.db, id))!);
}

/** Deletes an assignment no lesson uses ("already linked to course" otherwise). */
export async function deleteAssignment(ctx: Ctx, id: string) {
  const row = await repo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  if (row.lessonCount > 0) throw new ConflictError(m.alreadyLinked);
  await repo.deleteAssignment(ctx.db, id).catch(linkedOnForeignKey);
  return { message: m.assignmentDeleted };
}
