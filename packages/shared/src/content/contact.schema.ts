import { z } from 'zod';
import { emailField } from '../accounts/user.schema.js';
import { contentMessages as m } from './messages.js';

/** POST /api/v1/contact: the help centre's "Contact Support" form. */
export const ContactInput = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(120),
  email: emailField(m.emailRequired),
  subject: z.string().trim().max(200).optional(),
  message: z.string({ error: m.messageRequired }).trim().min(1, m.messageRequired).max(5000),
});
export type ContactInput = z.input<typeof ContactInput>;
