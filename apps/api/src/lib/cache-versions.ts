import type { Db } from '../db/client.js';
import { cacheVersions as table } from '../db/schema/cache.js';

/** The domains whose writes retire cached answers; each has a row in `cache_versions`. */
export type CacheDomain = 'catalogue' | 'academy' | 'users' | 'sessions' | 'taxes' | 'content';

export type CacheVersions = {
  /** The last version read of a domain: a plain memory read, for hot paths. */
  version(domain: CacheDomain): number;
  /** Reads every version now; callers that arrive during a read get one started after them. */
  refresh(): Promise<void>;
  /** Reads once, then every `pollMs` until `stop`. */
  start(): Promise<void>;
  stop(): void;
};

/**
 * This process's view of `cache_versions`, which triggers bump in the same transaction as every write
 * of a domain: another process's write is seen within one poll interval, this process's own at once
 * (its writes refresh before answering).
 */
export function cacheVersions(db: Db, pollMs: number): CacheVersions {
  const current = new Map<string, number>();
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const read = async () => {
    for (const row of await db.select().from(table)) current.set(row.name, row.version);
  };
  const refresh = (): Promise<void> => {
    if (!running) {
      running = read().finally(() => {
        running = null;
      });
      return running;
    }
    // A read already under way may have started before the caller's commit: wait for the next one.
    queued ??= running.then(
      () => {
        queued = null;
        return refresh();
      },
      () => {
        queued = null;
        return refresh();
      },
    );
    return queued;
  };

  return {
    version: (domain) => current.get(domain) ?? 0,
    refresh,
    async start() {
      await refresh();
      timer = setInterval(() => refresh().catch(() => {}), pollMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
