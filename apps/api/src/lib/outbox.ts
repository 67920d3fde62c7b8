import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/commerce.js';
import { safeError } from './log.js';
import type { Mail, MailAttachment, MailFile, Mailer } from './mailer.js';
import { startPeriodic } from './periodic.js';

/** Attempts before a job is given up (kept with its last error, `failed_at` set). */
const OUTBOX_MAX_ATTEMPTS = 8;
/** Back-off after the n-th failure: 30 s, 1 min, 2 min … capped at 1 hour. */
export const outboxBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/**
 * Queues a mail. Call it with the transaction of the change the mail is about: both are kept, or
 * neither, and a mail server that is down delays the mail without losing it.
 */
export async function enqueueMail(db: Db, mail: Mail) {
  await db.insert(outbox).values({ kind: 'mail', payload: mail });
}

/**
 * Queues a job that becomes a mail only when the worker does it (`OutboxWork.jobs[kind]`): the request
 * that queued it does the same work whatever the job finds then (an order look-up that matches nothing).
 */
export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>) {
  await db.insert(outbox).values({ kind, payload });
}

/** What the worker renders at send time, in the job's transaction. */
export type OutboxWork = {
  /** The file a queued mail names. */
  attachment(db: Db, attachment: MailAttachment, now: Date): Promise<MailFile>;
  /** Each job kind other than `mail`: the mail it makes, or null when there is nothing to send. */
  jobs: Record<string, (db: Db, payload: Record<string, unknown>, now: Date) => Promise<Mail | null>>;
};

type Deps = { db: Db; mailer: Mailer; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>; clock: () => Date; work: OutboxWork };

/** The job's mail with its files rendered, or null when the job makes none. */
async function mailOf(deps: Deps, db: Db, kind: string, payload: Record<string, unknown>) {
  const job = kind === 'mail' ? null : deps.work.jobs[kind];
  if (kind !== 'mail' && !job) throw new Error(`unknown outbox job kind ${kind}`);
  const mail = job ? await job(db, payload, deps.clock()) : (payload as Mail);
  if (!mail) return null;
  const { attach, ...rest } = mail;
  if (!attach?.length) return rest;
  return { ...rest, files: await Promise.all(attach.map((a) => deps.work.attachment(db, a, deps.clock()))) };
}

/**
 * Does the jobs that are due, one at a time, and answers how many it did. Each is claimed with
 * FOR UPDATE SKIP LOCKED inside its own transaction, so several processes share the queue and a job
 * is never done twice; a failure schedules the next attempt with back-off.
 */
export async function runOutbox(deps: Deps, max = 20): Promise<number> {
  let done = 0;
  for (; done < max; done++) {
    const worked = await deps.db.transaction(async (tx) => {
      const job = (
        await tx
          .select()
          .from(outbox)
          .where(and(isNull(outbox.doneAt), isNull(outbox.failedAt), lte(outbox.runAt, deps.clock())))
          .orderBy(asc(outbox.runAt))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0];
      if (!job) return false;
      const attempts = job.attempts + 1;
      try {
        const mail = await mailOf(deps, tx, job.kind, job.payload);
        if (mail) await deps.mailer.send(mail);
        await tx.update(outbox).set({ attempts, doneAt: deps.clock(), lastError: null }).where(eq(outbox.id, job.id));
      } catch (err) {
        const giveUp = attempts >= OUTBOX_MAX_ATTEMPTS;
        deps.log[giveUp ? 'error' : 'warn']({ err: safeError(err), job: job.id, attempts }, giveUp ? 'outbox job given up' : 'outbox job failed, will retry');
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : 'failed',
            runAt: new Date(deps.clock().getTime() + outboxBackoffMs(attempts)),
            ...(giveUp ? { failedAt: deps.clock() } : {}),
          })
          .where(eq(outbox.id, job.id));
      }
      return true;
    });
    if (!worked) break;
  }
  return done;
}

/**
 * Polls the outbox every `intervalMs` until stopped; `kick()` runs it at once (after a change that queued mail).
 * A run that fails (the database gone for a moment) is retried with back-off (lib/periodic.ts).
 */
export function startOutboxWorker(deps: Deps & { intervalMs?: number }) {
  const worker = startPeriodic({ name: 'outbox run failed, will retry', run: () => runOutbox(deps), intervalMs: deps.intervalMs ?? 2_000, log: deps.log });
  return { kick: worker.kick, stop: worker.stop };
}
