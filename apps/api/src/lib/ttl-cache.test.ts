import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('keeps an entry for its time to live, then loads it again', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1_000, 10, { now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOr('a', load)).toBe(1);
    now = 999;
    expect(await cache.getOr('a', load)).toBe(1);
    now = 1_000;
    expect(await cache.getOr('a', load)).toBe(2);
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<string>(1_000, 2, { now: () => 0 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
  });

  it('gives callers that miss during a load the same load', async () => {
    const cache = new TtlCache<number>(1_000);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads += 1;
      await gate;
      return 42;
    };
    const waiting = Array.from({ length: 50 }, () => cache.getOr('total', load));
    release();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(42));
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the next caller tries again', async () => {
    const cache = new TtlCache<number>(1_000);
    await expect(cache.getOr('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOr('x', async () => 7)).toBe(7);
  });

  it('keeps a null answer, so a missing row is not read again', async () => {
    const cache = new TtlCache<string | null>(1_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    await cache.getOr('gone', load);
    await cache.getOr('gone', load);
    expect(loads).toBe(1);
  });
});
