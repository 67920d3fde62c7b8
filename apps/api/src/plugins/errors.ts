import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commonMessages } from '@meltway/shared/common/messages';
import type { ErrorBody } from '@meltway/shared/common/errors';
import { AppError, fallbackCode, toErrorIssue } from '../lib/errors.js';

const internal: ErrorBody = { message: commonMessages.generic, code: 'common.generic' };

/** One error shape for every failure, `{ message, code, params?, issues? }`; nothing internal leaves a 5xx. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = {
        message: error.message,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
      };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The shared schemas' messages are shared texts, so each issue gets its code; zod's own get common.invalidValue.
      const issues = error.validation.map((v) =>
        toErrorIssue({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message ?? commonMessages.invalidValue }),
      );
      const first = issues[0];
      const body: ErrorBody = first ? { message: first.message, code: first.code, issues } : { message: commonMessages.invalidRequest, code: 'common.invalidRequest', issues };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(internal);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(internal);
    }
    // A body over its route's limit, refused from its Content-Length or part way.
    if (status === 413) return reply.status(413).send({ message: commonMessages.payloadTooLarge, code: 'common.payloadTooLarge' } satisfies ErrorBody);
    // Fastify's own 4xx (bad JSON, unsupported media type): its English text, a common code.
    return reply.status(status).send({ message: error.message, code: fallbackCode(status) } satisfies ErrorBody);
  });
}
