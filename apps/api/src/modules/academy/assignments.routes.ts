import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssignmentInput, AssignmentLearnerOut, AssignmentListItem, AssignmentOut } from '@meltway/shared/academy/assignment.schema';
import { MAX_ANSWERS, MAX_QUESTIONS } from '@meltway/shared/academy/limits';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { errors, params, querystring } from './academy-forms.js';
import { KB, jsonTextBytes } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as assignments from './assignments.service.js';

const tags = ['academy: assignments'];
/** The title and every question at their longest: its text and its answers, with their keys and index. */
const ASSIGNMENT_BODY_LIMIT = KB + jsonTextBytes(200) + MAX_QUESTIONS * (128 + jsonTextBytes(2000, ...Array<number>(MAX_ANSWERS).fill(1000)));

/** The academy's assignments: staff edit them with their answer key, learners read their title (SPEC.md §7). */
export const assignmentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/assignments', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Assignments with their number of questions (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(AssignmentListItem), ...errors } },
      handler: (request) => assignments.listAssignments(ctx(request), request.query),
    });
    app.post('/assignments', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: ASSIGNMENT_BODY_LIMIT,
      schema: { tags, summary: 'Create an assignment (title, questions with answers and correctIndex, drawCount: questions each attempt draws, empty for all)', body: AssignmentInput, response: { 201: AssignmentOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await assignments.createAssignment(ctx(request), request.body)),
    });
    app.get('/assignments/:id', {
      config: { access: accessOf('academy.learn') },
      schema: {
        tags,
        summary: 'One assignment: admins get the questions with their key and the draw count; learners only the title of a published course\'s assignment (the quiz is read through /quiz)',
        params,
        response: { 200: z.union([AssignmentOut, AssignmentLearnerOut]), ...errors },
      },
      handler: (request) => assignments.getAssignment(ctx(request), request.params.id),
    });
    app.put('/assignments/:id', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: ASSIGNMENT_BODY_LIMIT,
      schema: { tags, summary: 'Replace an assignment\'s title, questions and draw count', params, body: AssignmentInput, response: { 200: AssignmentOut, ...errors } },
      handler: (request) => assignments.updateAssignment(ctx(request), request.params.id, request.body),
    });
    app.delete('/assignments/permanent/:id', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Delete an assignment no lesson uses (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => assignments.deleteAssignment(ctx(request), request.params.id),
    });
  };
