import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AttemptHeaders, AttemptInput, AttemptOut, QuizOut, QuizQuery, StudentAttemptOut } from '@meltway/shared/academy/learning.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { errors, params } from './academy-forms.js';
import { KB } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as quizzes from './quizzes.service.js';

const tags = ['academy: quizzes'];

/** Quizzes as learners take them: read without the key, graded on the server. */
export const quizzesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/assignments/:id/quiz', {
      config: { access: accessOf('academy.learn') },
      schema: {
        tags,
        summary:
          "A quiz for an enrolled learner (admins: any course using it): the learner's open sheet (questions drawn and shuffled, without the key) and its sheetId, pass mark, attempts allowed and used in the round, when they open again, the learner's attempts of the cycle",
        params,
        querystring: QuizQuery,
        response: { 200: QuizOut, ...errors },
      },
      handler: (request) => quizzes.getQuiz(ctx(request), request.params.id, request.query),
    });
    app.post('/assignments/:id/attempts', {
      config: { access: accessOf('academy.learn') },
      bodyLimit: 4 * KB,
      schema: {
        tags,
        summary:
          'Answer the open sheet (sheetId, one index into the shown answers per question): graded on the server; 409 quizSheetStale for another sheet, 409 quizAlreadyPassed after a pass, 429 attemptsExhausted (params.opensAt, Retry-After) while the round is used up; the same Idempotency-Key answers the same attempt (200)',
        params,
        headers: AttemptHeaders,
        body: AttemptInput,
        response: { 200: AttemptOut, 201: AttemptOut, ...errors },
      },
      handler: async (request, reply) => {
        const { attempt, created } = await quizzes.submitAttempt(ctx(request), request.params.id, request.body, request.headers['idempotency-key']);
        return reply.status(created ? 201 : 200).send(attempt);
      },
    });
    app.get('/students/:id/attempts', {
      config: { access: accessOf('academy.students') },
      schema: {
        tags: ['academy: students'],
        summary: "An enrolment's quiz attempts (the Students table's id), oldest first: quiz, cycle, number, score, passed, date (a dealer: its own contractors' only)",
        params,
        response: { 200: z.array(StudentAttemptOut), ...errors },
      },
      handler: (request) => quizzes.studentAttempts(ctx(request), request.params.id),
    });
  };
