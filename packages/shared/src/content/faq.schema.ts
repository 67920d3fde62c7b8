import { z } from 'zod';
import { multilineText } from '../common/fields.js';
import { contentMessages as m } from './messages.js';

/** POST /api/v1/faq (form data or JSON): name is the question, description the answer. */
export const FaqInput = z.object({
  name: multilineText({ error: m.faqQuestionRequired }).min(1, m.faqQuestionRequired).max(500),
  description: multilineText({ error: m.faqAnswerRequired }).min(1, m.faqAnswerRequired).max(20_000),
});
export type FaqInput = z.input<typeof FaqInput>;

export const FaqUpdate = FaqInput.partial();
export type FaqUpdate = z.input<typeof FaqUpdate>;

export const FaqOut = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqOut = z.infer<typeof FaqOut>;
