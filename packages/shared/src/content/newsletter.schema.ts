import { z } from 'zod';
import { text } from '../common/fields.js';
import { emailField } from '../accounts/user.schema.js';
import { contentMessages as m } from './messages.js';

/** Body of the newsletter subscription (the footer's box). */
export const NewsletterInput = z.object({ email: emailField() });
export type NewsletterInput = z.input<typeof NewsletterInput>;

/** POST /api/v1/newsletter/confirm and /unsubscribe: the token from the mailed link. */
export const NewsletterTokenInput = z.object({
  token: text({ error: m.newsletterLinkInvalid }).min(1, m.newsletterLinkInvalid).max(200),
});
export type NewsletterTokenInput = z.input<typeof NewsletterTokenInput>;
