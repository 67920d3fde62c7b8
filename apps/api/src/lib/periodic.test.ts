import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs, startPeriodic } from './periodic.js';

describe('a periodic worker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1 s, 2, 4 … at most 30 s after failures in a row', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('survives failed runs, retrying with back-off and one log line each, and keeps its interval again after a success', async () => {
    const outcomes = ['fail', 'fail', 'fail', 'ok', 'ok'];
    const ranAt: number[] = [];
    const logged: { failures: number; retryInMs: number }[] = [];
    const worker = startPeriodic({
      name: 'test run failed',
      intervalMs: 10_000,
      log: { error: (obj) => logged.push(obj as { failures: number; retryInMs: number }) },
      run: async () => {
        ranAt.push(Date.now());
        if (outcomes.shift() === 'fail') throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    });
    const start = Date.now();
    // The first run after the interval, then 1 s, 2 s and 4 s after each failure, then the interval again.
    await vi.advanceTimersByTimeAsync(10_000 + 1000 + 2000 + 4000 + 10_000);
    await worker.stop();
    expect(ranAt.map((t) => t - start)).toEqual([10_000, 11_000, 13_000, 17_000, 27_000]);
    expect(logged.map((l) => [l.failures, l.retryInMs])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ]);
    expect(worker.failures()).toBe(0);
  });

  it('runs at once when kicked, and never again once stopped', async () => {
    let runs = 0;
    const worker = startPeriodic({ name: 'x', intervalMs: 10_000, log: { error: () => {} }, run: async () => void runs++ });
    worker.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
  });
});
