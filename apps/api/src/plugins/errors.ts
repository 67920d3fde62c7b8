import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commonMessages } from '@meltway/shared/common/messages';
import type { ErrorBody } from '@meltway/shared/common/errors';
import { connectionLost } from '../lib/db-errors.js';
import { AppError, DatabaseUnavailableError, fallbackCode, toErrorIssue } from '../lib/errors.js';
import { safeError } from '../lib/log.js';

const internal: ErrorBody = { message: commonMessages.generic, code: 'common.generic' };

/** One error shape for every failure, `{ message, code, params?, issues? }`; nothing internal leaves a 5xx. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (!(error instanceof AppError) && connectionLost(error)) {
      // The database went away under this request (a restart, a failover): a 503 the client may retry, not a fault.
      request.log.warn({ err: safeError(error) }, 'database connection lost during the request');
      error = new DatabaseUnavailableError();
    }
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
      const issues = error.validation.flatMap((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = v.message ?? commonMessages.invalidValue;
        // Parameters a strict schema does not name (a list's query): one issue each, at the parameter.
        const unknown = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(unknown) && unknown.length) return unknown.map((key) => toErrorIssue({ path: path ? `${path}.${String(key)}` : String(key), message }));
        return [toErrorIssue({ path, message })];
      });
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

/**
 * Fastify's refusals before any route is found (a path that is no valid URL component, a parameter longer
 * than the router takes) skip the error handler: given as Fastify's `frameworkErrors` option, this answers
 * them in the one shape too, instead of Fastify's `{ error, code: 'FST_…', message }` that quotes the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(internal);
  }
  return reply.status(status).send({ message: commonMessages.invalidRequest, code: fallbackCode(status) } satisfies ErrorBody);
}
