import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERIC_ERROR, type ErrorBody } from '@meltway/shared/common/errors';
import { AppError } from '../lib/errors.js';

/** One error shape for every failure; nothing internal leaves a 5xx. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const body: ErrorBody = { message: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION', issues };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: GENERIC_ERROR, code: 'INTERNAL' } satisfies ErrorBody);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: GENERIC_ERROR, code: 'INTERNAL' } satisfies ErrorBody);
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
    const code: ErrorBody['code'] =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return reply.status(status).send({ message: error.message, code } satisfies ErrorBody);
  });
}
