import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { formats } from '../../lib/documents/formats.js';
import { translator } from '../../lib/i18n.js';
import { startPeriodic } from '../../lib/periodic.js';
import type { Mail } from '../../lib/mailer.js';
import { enqueueMail } from '../../lib/outbox.js';
import * as repo from './certificates.repo.js';
import type { Language } from '@meltway/shared/common/language';

type Deps = { db: Db; clock: () => Date; config: Pick<Config, 'publicUrl'>; log: Pick<FastifyBaseLogger, 'info' | 'error'> };
type Due = Awaited<ReturnType<typeof repo.dueReminders>>[number];

/**
 * The learner's mail before a certificate expires, in their language, with the link that re-opens the course for
 * them (`?recertify=1`: the course page offers to take it again, POST /courses/:id/recertification).
 */
function reminderMail(c: Due, now: Date, lang: Language, publicUrl: string): Mail {
  const days = Math.max(1, Math.ceil((c.expiresAt!.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
  const link = `${publicUrl}/lms/courses/${c.courseId}?recertify=1`;
  const t = translator(lang, 'academy', 'reminder');
  const params = { code: c.code, certification: c.certificationName, course: c.courseTitle, days, date: formats(lang).date(c.expiresAt!) };
  const text = { subject: t('subject', params), body: `${t('expires', params)}\n\n${t('again')}\n\n${link}\n\nMeltway` };
  return { to: c.email, subject: text.subject, text: `${c.fullname},\n\n${text.body}\n` };
}

/**
 * Queues the recertification mails that are due: 90 and 30 days before a live certificate expires, once each
 * (reminded_90_at, reminded_30_at). The 30-day step goes first and also closes the 90-day one, so a certificate
 * found inside 30 days gets one mail. Each batch is one transaction: the certificates are locked (skip locked,
 * several processes share the work), the mails go to the outbox and the steps are marked together.
 * Answers how many mails it queued.
 */
export async function remindExpiringCertificates(deps: Omit<Deps, 'log'>, batch = 100): Promise<number> {
  let queued = 0;
  for (const days of [30, 90] as const) {
    for (;;) {
      const now = deps.clock();
      const n = await deps.db.transaction(async (tx) => {
        const due = await repo.dueReminders(tx, now, days, batch);
        for (const c of due) {
          await enqueueMail(tx, reminderMail(c, now, await repo.languageOf(tx, c.userId), deps.config.publicUrl));
          await repo.markReminded(tx, c.id, days, now);
        }
        return due.length;
      });
      queued += n;
      if (n < batch) break;
    }
  }
  return queued;
}

/**
 * Runs the reminders once an hour (and once at start) until stopped; server.ts starts it beside the outbox
 * worker. A run that fails (the database gone for a moment) is retried with back-off (lib/periodic.ts).
 */
export function startCertificateReminders(deps: Deps & { intervalMs?: number }) {
  const worker = startPeriodic({
    name: 'certificate expiry reminders failed, will retry',
    run: async () => {
      const n = await remindExpiringCertificates(deps);
      if (n) deps.log.info({ queued: n }, 'certificate expiry reminders queued');
    },
    intervalMs: deps.intervalMs ?? 60 * 60_000,
    log: deps.log,
    runAtStart: true,
  });
  return { stop: worker.stop };
}
