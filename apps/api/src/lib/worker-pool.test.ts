import { afterEach, describe, expect, it } from 'vitest';
import { PoolFullError, PoolTimeoutError, workerPool, type WorkerPool } from './worker-pool.js';

type Task = { value?: number; gate?: Int32Array; hang?: boolean; exit?: boolean; fail?: boolean };
const FILE = new URL('../test/workers/gated-worker.mjs', import.meta.url);

describe('the worker pool', () => {
  let pool: WorkerPool<Task, number>;
  afterEach(() => pool.close());

  const gate = () => new Int32Array(new SharedArrayBuffer(4));
  const open = (g: Int32Array) => {
    Atomics.store(g, 0, 1);
    Atomics.notify(g, 0);
  };

  it('runs tasks in its threads, and refuses one beyond its workers and its queue until they are done', async () => {
    pool = workerPool<Task, number>({ file: FILE, size: 1, maxQueue: 1, timeoutMs: 60_000 });
    const g = gate();
    const first = pool.run({ value: 1, gate: g });
    const second = pool.run({ value: 2 });
    expect(pool.stats()).toEqual({ running: 1, queued: 1 });
    await expect(pool.run({ value: 3 })).rejects.toBeInstanceOf(PoolFullError);
    open(g);
    expect(await first).toBe(2);
    expect(await second).toBe(4);
    expect(await pool.run({ value: 5 })).toBe(10);
    expect(pool.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('with no queue, takes as many tasks as it has workers', async () => {
    pool = workerPool<Task, number>({ file: FILE, size: 2, maxQueue: 0, timeoutMs: 60_000 });
    const g = gate();
    const running = [pool.run({ value: 1, gate: g }), pool.run({ value: 2, gate: g })];
    await expect(pool.run({ value: 3 })).rejects.toBeInstanceOf(PoolFullError);
    open(g);
    expect(await Promise.all(running)).toEqual([2, 4]);
  });

  it('stops a task over its time limit, and the next task gets a fresh worker', async () => {
    pool = workerPool<Task, number>({ file: FILE, size: 1, maxQueue: 1, timeoutMs: 200 });
    const hung = pool.run({ hang: true });
    const next = pool.run({ value: 4 });
    await expect(hung).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(await next).toBe(8);
  });

  it('fails only the task whose worker ended or answered an error', async () => {
    pool = workerPool<Task, number>({ file: FILE, size: 1, maxQueue: 2, timeoutMs: 60_000 });
    const ended = pool.run({ exit: true });
    const refused = pool.run({ fail: true });
    const fine = pool.run({ value: 6 });
    await expect(ended).rejects.toThrow('worker exited');
    await expect(refused).rejects.toThrow('refused');
    expect(await fine).toBe(12);
  });

  it('refuses work once closed', async () => {
    pool = workerPool<Task, number>({ file: FILE, size: 1, maxQueue: 1, timeoutMs: 60_000 });
    await pool.close();
    await expect(pool.run({ value: 1 })).rejects.toThrow('closed');
  });
});
