import { z } from 'zod';
import { multilineText } from '../common/fields.js';
import { frenchText } from '../common/french.js';
import { contentMessages as m } from './messages.js';

/** POST /api/v1/faq (form data or JSON): name is the question, description the answer; their French optional. */
export const FaqInput = z.object({
  name: multilineText({ error: m.faqQuestionRequired }).min(1, m.faqQuestionRequired).max(500),
  nameFr: frenchText(500, { multiline: true }),
  description: multilineText({ error: m.faqAnswerRequired }).min(1, m.faqAnswerRequired).max(20_000),
  descriptionFr: frenchText(20_000, { multiline: true }),
});
export type FaqInput = z.input<typeof FaqInput>;

export const FaqUpdate = FaqInput.partial();
export type FaqUpdate = z.input<typeof FaqUpdate>;

export const FaqOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null where no French was written (the English text serves). */
  nameFr: z.string().nullable(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqOut = z.infer<typeof FaqOut>;
