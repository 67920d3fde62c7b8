import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { startPeriodic } from '../../lib/periodic.js';
import { cancelLocked } from './order-changes.service.js';
import * as repo from './order-changes.repo.js';
import { findOrder } from './orders.repo.js';

type Deps = { db: Db; clock: () => Date; config: Pick<Config, 'publicUrl'>; log: Pick<FastifyBaseLogger, 'info' | 'error'> };

/**
 * Cancels the unpaid card orders whose stock hold ran out (actor: the system): their stock and coupon use
 * come back and the buyer is told. Each order in its own short transaction (locks taken for one order at a
 * time, in placement's order, never piled up across a batch), its row locked with FOR UPDATE SKIP LOCKED so
 * several processes share the work and an order being paid or cancelled meanwhile is left to that change.
 * Answers how many orders it cancelled.
 */
export async function releaseExpiredHolds(deps: Omit<Deps, 'log'>, batch = 50): Promise<number> {
  let released = 0;
  for (;;) {
    const now = deps.clock();
    const ids = await repo.expiredHolds(deps.db, now, batch);
    let round = 0;
    for (const id of ids) {
      round += await deps.db.transaction(async (db) => {
        if (!(await repo.lockExpiredHold(db, id, now))) return 0;
        await cancelLocked({ db, now, config: deps.config, user: null }, (await findOrder(db, id, true))!, 'system', { note: m.holdExpired, mail: 'expired' });
        return 1;
      });
    }
    released += round;
    // A full batch goes round again; one whose every order was taken by others stops, rather than spin on them.
    if (ids.length < batch || round === 0) return released;
  }
}

/**
 * Releases expired holds every `intervalMs` (30 s) until stopped; server.ts starts it beside the outbox worker.
 * A run that fails (the database gone for a moment) is retried with back-off (lib/periodic.ts).
 */
export function startHoldReleaser(deps: Deps & { intervalMs?: number }) {
  const worker = startPeriodic({
    name: 'releasing expired stock holds failed, will retry',
    run: async () => {
      const n = await releaseExpiredHolds(deps);
      if (n) deps.log.info({ released: n }, 'unpaid card orders cancelled, their stock back on sale');
    },
    intervalMs: deps.intervalMs ?? 30_000,
    log: deps.log,
  });
  return { stop: worker.stop };
}
