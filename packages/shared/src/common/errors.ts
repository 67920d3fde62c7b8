import { z } from 'zod';

/** The one error body every API failure returns. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING',
  'ACCOUNT_INACTIVE',
  'INVALID_TOKEN',
  'TOKEN_USED',
  'TOKEN_EXPIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const GENERIC_ERROR = 'Something went wrong';

export const MessageOut = z.object({ message: z.string() });
export type MessageOut = z.infer<typeof MessageOut>;
