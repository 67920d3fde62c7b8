import { z } from 'zod';
import { emailField } from '../accounts/user.schema.js';

/** Body of the newsletter subscription (the footer's box). */
export const NewsletterInput = z.object({ email: emailField() });
export type NewsletterInput = z.input<typeof NewsletterInput>;
