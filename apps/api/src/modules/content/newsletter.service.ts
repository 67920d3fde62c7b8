import type { NewsletterInput } from '@meltway/shared/content/newsletter.schema';
import { contentMessages as m } from '@meltway/shared/content/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/ctx.js';
import { toCsv } from '../../lib/csv.js';
import { BadRequestError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import { hashToken, newSecretToken } from '../../lib/random.js';
import { enqueueMail } from '../../lib/outbox.js';
import * as repo from './newsletter.repo.js';

const CONFIRM_TTL_DAYS = 7;
/** Confirmation mails one address may receive per hour, however many times it is typed in. */
const CONFIRM_MAILS_PER_HOUR = 3;

const link = (ctx: Ctx, page: 'confirm' | 'unsubscribe', token: string) => `${ctx.config.publicUrl}/newsletter/${page}?token=${encodeURIComponent(token)}`;

/**
 * A fresh unsubscribe link for one mail to one subscriber. Only its hash is kept, and each mail
 * gets its own, so every newsletter mail ever sent keeps a working link.
 */
async function unsubscribeLink(ctx: Ctx, subscriptionId: string, db: Db = ctx.db) {
  const token = newSecretToken();
  await repo.insertToken(db, { subscriptionId, purpose: 'unsubscribe', tokenHash: hashToken(token), createdAt: ctx.now });
  return link(ctx, 'unsubscribe', token);
}

/**
 * Double opt-in: a pending subscription and a mail with a confirmation link. The answer is the same
 * whatever the address's state, so it tells nobody who is subscribed.
 */
export async function subscribe(ctx: Ctx, input: z.output<typeof NewsletterInput>) {
  await enforceLimit(ctx.limiter, `newsletter:ip:${ctx.ip}`, ctx.limits.newsletterPerIp, m.tooManySubscriptions);
  const { id } = await repo.ensureSubscription(ctx.db, input.email);
  // Counted and written under the subscription's row lock, like the reset mails: parallel requests for one
  // address take turns, so each sees the tokens the others made and the hourly limit holds.
  await ctx.db.transaction(async (tx) => {
    let sub = (await repo.lockSubscription(tx, id))!;
    if (sub.status === 'confirmed') return;
    if (sub.status === 'unsubscribed') sub = (await repo.reopen(tx, sub.id)) ?? sub;
    if ((await repo.countTokensSince(tx, sub.id, 'confirm', new Date(ctx.now.getTime() - 3_600_000))) >= CONFIRM_MAILS_PER_HOUR) {
      ctx.log.warn({ subscriptionId: sub.id }, 'newsletter confirmation mail limit reached');
      return;
    }
    const token = newSecretToken();
    await repo.insertToken(tx, {
      subscriptionId: sub.id,
      purpose: 'confirm',
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + CONFIRM_TTL_DAYS * 86_400_000),
      createdAt: ctx.now,
    });
    // Queued with its token: a mail server that is down delays the mail, never loses it.
    const unsubscribe = await unsubscribeLink(ctx, sub.id, tx);
    await enqueueMail(tx, {
      to: sub.email,
      subject: 'Confirm your subscription to the Meltway newsletter',
      text: `Hello,\n\nPlease confirm that you want to receive the Meltway newsletter (snowmelt tips, new products and offers) by opening this link within ${CONFIRM_TTL_DAYS} days:\n\n${link(ctx, 'confirm', token)}\n\nIf you did not ask for it, ignore this mail and you will receive nothing more.\n\nUnsubscribe: ${unsubscribe}\n\nMeltway`,
    });
  });
  return { message: m.subscribeSent };
}

/** Confirms a subscription with the mailed token (single use; a repeated click on a used link is fine). */
export async function confirm(ctx: Ctx, token: string) {
  const hash = hashToken(token);
  // The token is spent and the subscription confirmed in one transaction: a second click on the same
  // link waits on the token's row and then finds the subscription already confirmed, never in between.
  const used = await ctx.db.transaction(async (tx) => {
    const spent = await repo.consumeConfirmToken(tx, hash, ctx.now);
    if (spent) await repo.confirm(tx, spent.subscriptionId, ctx.now);
    return spent;
  });
  if (used) {
    ctx.log.info({ subscriptionId: used.subscriptionId }, 'newsletter subscription confirmed');
    return { message: m.subscriptionConfirmed };
  }
  const known = await repo.findToken(ctx.db, hash);
  if (known?.purpose === 'confirm' && known.usedAt && (await repo.findSubscription(ctx.db, known.subscriptionId))?.status === 'confirmed') {
    return { message: m.subscriptionConfirmed };
  }
  throw new BadRequestError(m.newsletterLinkInvalid);
}

/** Unsubscribes with the token of any newsletter mail; idempotent. */
export async function unsubscribe(ctx: Ctx, token: string) {
  const known = await repo.findToken(ctx.db, hashToken(token));
  if (known?.purpose !== 'unsubscribe') throw new BadRequestError(m.newsletterLinkInvalid);
  await repo.unsubscribe(ctx.db, known.subscriptionId, ctx.now);
  ctx.log.info({ subscriptionId: known.subscriptionId }, 'newsletter unsubscribed');
  return { message: m.unsubscribed };
}

/** Confirmed subscribers as CSV (email, confirmed_at, subscribed_at; UTC ISO times). */
export async function subscribersCsv(ctx: Ctx) {
  const rows = await repo.confirmedSubscribers(ctx.db);
  return toCsv(
    ['email', 'confirmed_at', 'subscribed_at'],
    rows.map((r) => [r.email, r.confirmedAt?.toISOString() ?? '', r.createdAt.toISOString()]),
  );
}
