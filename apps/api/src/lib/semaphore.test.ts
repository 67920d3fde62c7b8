import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('lets `size` holders in at once and the others in, in arrival order, as places free up', async () => {
    const s = new Semaphore(2);
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const waiters = [1, 2, 3, 4].map((n) =>
      s.acquire().then((release) => {
        order.push(n);
        releases.push(release);
      }),
    );
    await tick();
    expect(order).toEqual([1, 2]);
    expect([s.active, s.waiting]).toEqual([2, 2]);
    releases[1]!();
    await tick();
    expect(order).toEqual([1, 2, 3]);
    releases[0]!();
    releases[2]!();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3, 4]);
    expect([s.active, s.waiting]).toEqual([1, 0]);
  });

  it('gives a place back once however often its release is called', async () => {
    const s = new Semaphore(1);
    const release = (await s.acquire())!;
    release();
    release();
    expect(s.active).toBe(0);
    expect(s.tryAcquire()).not.toBeNull();
    expect(s.tryAcquire()).toBeNull();
  });

  it('does not let tryAcquire pass those waiting', async () => {
    const s = new Semaphore(1);
    const first = s.tryAcquire()!;
    const waiting = s.acquire();
    first();
    expect(s.tryAcquire()).toBeNull();
    (await waiting)();
    expect(s.active).toBe(0);
  });

  it('frees the place of a task that fails', async () => {
    const s = new Semaphore(1);
    await expect(s.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(s.active).toBe(0);
  });
});
