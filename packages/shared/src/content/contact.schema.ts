import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { emailField } from '../accounts/user.schema.js';
import { contentMessages as m } from './messages.js';

/** POST /api/v1/contact: the help centre's "Contact Support" form. */
export const ContactInput = z.object({
  name: text({ error: m.nameRequired }).min(1, m.nameRequired).max(120),
  email: emailField(m.emailRequired),
  subject: text().max(200).optional(),
  message: multilineText({ error: m.messageRequired }).min(1, m.messageRequired).max(5000),
});
export type ContactInput = z.input<typeof ContactInput>;
