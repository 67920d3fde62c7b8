import { safeError } from './log.js';

/** The wait after the n-th failure in a row: 1 s, doubling, at most 30 s. */
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000);

type Options = {
  /** What the failure log line says. */
  name: string;
  run: () => Promise<unknown>;
  /** The wait between runs while they succeed. */
  intervalMs: number;
  log: { error: (obj: object, msg: string) => void };
  /** Runs once at start rather than after the first interval. */
  runAtStart?: boolean;
};

/**
 * Runs `run` every `intervalMs` until stopped, one run at a time. A failed run (the database gone for a
 * moment: a restart, a failover) is logged in one line and retried after 1 s, then 2, 4 … at most 30 s,
 * the interval coming back with the first success: a worker never stops, and an outage never floods the log.
 */
export function startPeriodic(opts: Options) {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running ??= opts
      .run()
      .then(
        () => {
          failures = 0;
          schedule(opts.intervalMs);
        },
        (err: unknown) => {
          failures++;
          const retryMs = retryDelayMs(failures);
          opts.log.error({ err: safeError(err), failures, retryInMs: retryMs }, opts.name);
          schedule(retryMs);
        },
      )
      .finally(() => (running = null));
    return running;
  };
  if (opts.runAtStart) void tick();
  else schedule(opts.intervalMs);
  return {
    /** Runs at once (after a change that gave it work), unless a run is under way. */
    kick: () => void tick(),
    failures: () => failures,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
