import type { ErrorCode } from '@meltway/shared/common/errors';

/** A failure the client caused or may see; the error handler turns it into `{ message, code, issues? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'BAD_REQUEST', issues?: { path: string; message: string }[]) {
    super(400, code, message, issues);
  }
}

/** A field-level failure found by a service (not by the schema), reported like a schema failure. */
export class FieldError extends AppError {
  constructor(path: string, message: string) {
    super(400, 'VALIDATION', message, [{ path, message }]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}
