import { z } from 'zod';
import { commonMessages } from './messages.js';

const Scalar = z.union([z.string(), z.number()]);
/** A message's values: text and numbers for its placeholders, or a list of records (the lines a 409 names). */
const Params = z.record(z.string(), z.union([Scalar, z.array(z.record(z.string(), Scalar))]));
export type ErrorParams = z.infer<typeof Params>;

/** One problem of a request: the field it concerns, the message's code and its English text. */
export const ErrorIssue = z.object({ path: z.string(), code: z.string(), message: z.string(), params: z.record(z.string(), Scalar).optional() });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/**
 * The one error body every API failure returns. `code` is the message's stable code
 * (`<domain>.<key>`, see common/message-codes), `message` its English text with `params` filled in.
 */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  params: Params.optional(),
  issues: z.array(ErrorIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const GENERIC_ERROR = commonMessages.generic;

export const MessageOut = z.object({ message: z.string() });
export type MessageOut = z.infer<typeof MessageOut>;
