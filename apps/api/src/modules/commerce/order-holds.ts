import { commerceMessages as m } from '@meltway/shared/commerce/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { safeError } from '../../lib/log.js';
import { cancelLocked } from './order-changes.service.js';
import * as repo from './order-changes.repo.js';
import { findOrder } from './orders.repo.js';

type Deps = { db: Db; clock: () => Date; config: Pick<Config, 'publicUrl'>; log: Pick<FastifyBaseLogger, 'info' | 'error'> };

/**
 * Cancels the unpaid card orders whose stock hold ran out (actor: the system): their stock and coupon use
 * come back and the buyer is told. Runs in batches, each its own transaction over rows locked with
 * FOR UPDATE SKIP LOCKED, so several processes share the work and a payment being recorded for an order
 * (which holds its lock) is never raced. Answers how many orders it cancelled.
 */
export async function releaseExpiredHolds(deps: Omit<Deps, 'log'>, batch = 50): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await deps.db.transaction(async (db) => {
      const c = { db, now: deps.clock(), config: deps.config, user: null };
      const ids = await repo.expiredHolds(db, c.now, batch);
      for (const id of ids) await cancelLocked(c, (await findOrder(db, id, true))!, 'system', { note: m.holdExpired, mail: 'expired' });
      return ids.length;
    });
    released += n;
    if (n < batch) return released;
  }
}

/** Releases expired holds every `intervalMs` (30 s) until stopped; server.ts starts it beside the outbox worker. */
export function startHoldReleaser(deps: Deps & { intervalMs?: number }) {
  let running: Promise<unknown> | null = null;
  const tick = () =>
    (running ??= releaseExpiredHolds(deps)
      .then((n) => n && deps.log.info({ released: n }, 'unpaid card orders cancelled, their stock back on sale'))
      .catch((err: unknown) => deps.log.error({ err: safeError(err) }, 'releasing expired stock holds failed'))
      .finally(() => (running = null)));
  const timer = setInterval(tick, deps.intervalMs ?? 30_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
