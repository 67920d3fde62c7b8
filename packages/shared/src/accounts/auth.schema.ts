import { z } from 'zod';
import { secret, text } from '../common/fields.js';
import { accountsMessages as m } from './messages.js';
import { bothPasswordsGiven } from './register.schema.js';
import { UserOut, passwordField } from './user.schema.js';

export const LoginInput = z.object({
  email: text().min(1, m.emailRequired).transform((s) => s.toLowerCase()),
  password: secret().min(1, m.passwordRequired),
});
export type LoginInput = z.input<typeof LoginInput>;

export const Tokens = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Tokens = z.infer<typeof Tokens>;

export const LoginOut = UserOut.extend(Tokens.shape);
export type LoginOut = z.infer<typeof LoginOut>;

export const RefreshInput = z.object({ refresh_token: secret().min(1, m.refreshInvalid) });
export type RefreshInput = z.infer<typeof RefreshInput>;

export const LogoutInput = z.object({ refresh_token: secret().optional() });

export const ForgotPasswordInput = z.object({
  email: text().min(1, m.emailRequired).pipe(z.email({ error: m.emailInvalid })).transform((s) => s.toLowerCase()),
});
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    token: text().min(1, m.resetLinkInvalid),
    newPassword: passwordField,
    confirmPassword: secret().min(1, m.passwordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: m.passwordsDontMatch,
    path: ['confirmPassword'],
    when: bothPasswordsGiven('newPassword'),
  });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

/** GET /api/v1/users/reset-password/:token: whether a reset link still works, without using it. */
export const ResetTokenParams = z.object({ token: secret().min(1, m.resetLinkInvalid).max(200, m.resetLinkInvalid) });
export const ResetTokenOut = z.object({ expiresAt: z.string() });
export type ResetTokenOut = z.infer<typeof ResetTokenOut>;

/** How long a password reset (or invitation) link works. */
export const RESET_TOKEN_TTL_MINUTES = 30;
export const RESET_MAILS_PER_HOUR = 3;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
