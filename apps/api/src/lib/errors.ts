import { commonMessages } from '@meltway/shared/common/messages';
import { codeOf, formatMessage, type MessageParams } from '@meltway/shared/common/message-codes';
import type { ErrorIssue, ErrorParams } from '@meltway/shared/common/errors';

/** A problem with one field: its path, the message (a shared text, placeholders unfilled) and their values. */
export type Issue = { path: string; message: string; params?: MessageParams };

/** The code a text is answered with when it is none of the shared messages (Fastify's own, for one). */
export function fallbackCode(statusCode: number) {
  if (statusCode === 401) return 'accounts.notSignedIn';
  if (statusCode === 403) return 'accounts.forbidden';
  if (statusCode === 404) return 'common.notFound';
  if (statusCode === 413) return 'common.payloadTooLarge';
  if (statusCode === 415) return 'common.unsupportedMediaType';
  if (statusCode === 429) return 'common.rateLimited';
  if (statusCode === 503) return 'common.unavailable';
  if (statusCode >= 500) return 'common.generic';
  return 'common.invalidRequest';
}

/** An issue as the API sends it: its code found from its text, its placeholders filled. */
export const toErrorIssue = (issue: Issue, fallback = 'common.invalidValue'): ErrorIssue => ({
  path: issue.path,
  code: codeOf(issue.message) ?? fallback,
  message: formatMessage(issue.message, issue.params),
  ...(issue.params ? { params: issue.params } : {}),
});

/** The placeholder values of `params`, for an issue: lists stay on the answer itself. */
const scalars = (params?: ErrorParams): MessageParams | undefined =>
  params ? Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => !Array.isArray(e[1]))) : undefined;

type Options = {
  /** Values for the message's `{name}` placeholders, and lists the answer carries beside them (the lines a 409 names). */
  params?: ErrorParams;
  /** The field a failure concerns (a name already taken): it becomes the answer's one issue. */
  path?: string;
  issues?: Issue[];
  headers?: Record<string, string>;
};

/**
 * A failure the client caused or may see; the error handler turns it into `{ message, code, issues? }`.
 * `message` is one of the shared texts (`packages/shared/<domain>/messages.ts`), so its code is known.
 */
export class AppError extends Error {
  readonly code: string;
  readonly params?: ErrorParams;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: Options = {},
  ) {
    super(formatMessage(message, options.params));
    this.code = codeOf(message) ?? fallbackCode(statusCode);
    this.params = options.params;
    this.headers = options.headers;
    const issues = options.issues ?? (options.path ? [{ path: options.path, message, params: scalars(options.params) }] : undefined);
    this.issues = issues?.map((issue) => toErrorIssue(issue));
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, options?: Options) {
    super(400, message, options);
  }
}

/** Field-level failures found by a service (not by the schema), reported like a schema failure. */
export class ValidationError extends AppError {
  constructor(issues: Issue[]) {
    super(400, issues[0]?.message ?? commonMessages.invalidRequest, { issues, params: issues[0]?.params });
  }
}

/** One field's failure found by a service. */
export class FieldError extends ValidationError {
  constructor(path: string, message: string, params?: MessageParams) {
    super([{ path, message, params }]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

/** A conflict with what exists; `path` names the field when one is concerned (a name already taken), `params` fill the message. */
export class ConflictError extends AppError {
  constructor(message: string, path?: string, params?: MessageParams) {
    super(409, message, { path, params });
  }
}

/** Too many requests: try again after `retryAfterSeconds` (the Retry-After header); `params` fill the message. */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number, params?: MessageParams) {
    super(429, message, { params, headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string, path?: string) {
    super(413, message, { path });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string, path?: string) {
    super(415, message, { path });
  }
}

/** Too much of one kind of work under way: the request was not read; try again after `retryAfterSeconds`. */
export class ServiceBusyError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

/**
 * The database connection was lost or could not be had (a restart, a failover): nothing was kept of what
 * the request was doing, and the same request may be sent again after `retryAfterSeconds`.
 */
export class DatabaseUnavailableError extends AppError {
  constructor(retryAfterSeconds = 1) {
    super(503, commonMessages.unavailable, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}
