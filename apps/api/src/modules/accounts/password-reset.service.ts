import type { ForgotPasswordInput, ResetPasswordInput } from '@meltway/shared/accounts/auth.schema';
import { RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from '@meltway/shared/accounts/auth.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { Ctx } from '../../lib/ctx.js';
import { BadRequestError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import type { Mail } from '../../lib/mailer.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newSecretToken } from '../../lib/random.js';
import * as tokensRepo from './password-reset.repo.js';
import * as sessionsRepo from './sessions.repo.js';
import * as repo from './users.repo.js';

const resetLink = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/reset?token=${encodeURIComponent(token)}`;

/**
 * Creates a single-use password link for the user, within the hourly mail limit, and queues the mail
 * that carries it in the same transaction (a mail server that is down delays it, never loses it).
 * Answers whether a mail was queued: false when over the limit.
 */
export async function mailPasswordLink(ctx: Ctx, userId: string, purpose: 'reset' | 'invite', mail: (link: string) => Mail, ttlMinutes = RESET_TOKEN_TTL_MINUTES) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const recent = await tokensRepo.countPasswordTokensSince(tx, userId, new Date(ctx.now.getTime() - 3_600_000));
    if (recent >= RESET_MAILS_PER_HOUR) return false;
    const token = newSecretToken();
    await tokensRepo.insertPasswordToken(tx, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + ttlMinutes * 60_000),
      createdAt: ctx.now,
    });
    await enqueueMail(tx, mail(resetLink(ctx, token)));
    return true;
  });
}

/** Mails a reset link if the account exists; the answer is the same either way. */
export async function forgotPassword(ctx: Ctx, input: ForgotPasswordInput & { email: string }) {
  await enforceLimit(ctx.limiter, `forgot:ip:${ctx.ip}`, ctx.limits.forgotPerIp, m.tooManyAttempts);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) {
    // The mail is queued, not sent: the answer never waits for the mail server, so a known address
    // answers as fast as an unknown one, and a mail server that is down loses nothing.
    const queued = await mailPasswordLink(ctx, user.id, 'reset', (link) => ({
      to: user.email,
      subject: 'Reset your Meltway password',
      text: `Hello ${user.fullname},\n\nSomeone asked to reset the password of your Meltway account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nMeltway`,
    }));
    if (!queued) {
      ctx.log.warn({ userId: user.id }, 'password reset mail limit reached');
    }
  }
  return { message: m.resetSent };
}

/** The reason a reset link no longer works, as a 400: unknown, used, or expired. */
const deadLink = (known: { usedAt: Date | null } | undefined) =>
  new BadRequestError(!known ? m.resetLinkInvalid : known.usedAt ? m.resetLinkUsed : m.resetLinkExpired);

/** Whether a reset link still works, so the page can say so when it opens; the link stays unused. */
export async function checkResetToken(ctx: Ctx, token: string) {
  await enforceLimit(ctx.limiter, `reset:ip:${ctx.ip}`, ctx.limits.resetPerIp, m.tooManyAttempts);
  const known = await tokensRepo.findPasswordToken(ctx.db, hashToken(token));
  if (!known || known.usedAt || known.expiresAt <= ctx.now) throw deadLink(known);
  return { expiresAt: known.expiresAt.toISOString() };
}

/** Sets a new password with a single-use link and ends every session of that user. */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput) {
  await enforceLimit(ctx.limiter, `reset:ip:${ctx.ip}`, ctx.limits.resetPerIp, m.tooManyAttempts);
  const hash = hashToken(input.token);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const token = await tokensRepo.consumePasswordToken(tx, hash, ctx.now);
    if (!token) {
      throw deadLink(await tokensRepo.findPasswordToken(tx, hash));
    }
    await repo.updateUser(tx, token.userId, { passwordHash });
    await repo.bumpTokenVersion(tx, token.userId);
    await sessionsRepo.revokeUserRefreshTokens(tx, token.userId, ctx.now);
  });
  return { message: m.passwordChanged };
}
