import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors.js';
import { enforceLimit, memoryLimiter, redisLimiter, type RateLimiter } from './limiter.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = `${process.pid}-${Date.now().toString(36)}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Subject = {
  limiter: RateLimiter;
  /** Lets time pass for the limiter: a moved clock in memory, real time for Redis. */
  wait(ms: number): Promise<void>;
};

const subjects: { name: string; make: () => Subject }[] = [
  {
    name: 'memoryLimiter',
    make: () => {
      let now = Date.now();
      return {
        limiter: memoryLimiter(() => now),
        wait: async (ms) => {
          now += ms;
        },
      };
    },
  },
  {
    name: 'redisLimiter',
    make: () => ({ limiter: redisLimiter(REDIS_URL, `meltway-test:${runId}:`), wait: sleep }),
  },
];

describe.each(subjects)('$name', ({ make }) => {
  let s: Subject;
  let n = 0;
  const key = () => `k${n++}`;

  beforeAll(async () => {
    s = make();
    // Fails the suite (rather than skipping it) when the store cannot be reached.
    await expect(s.limiter.hit('reachable', 1)).resolves.toMatchObject({ count: 1 });
  });
  afterAll(() => s.limiter.close());

  it('counts hits within a window and says when it ends', async () => {
    const k = key();
    expect((await s.limiter.hit(k, 60)).count).toBe(1);
    expect((await s.limiter.hit(k, 60)).count).toBe(2);
    const third = await s.limiter.hit(k, 60);
    expect(third.count).toBe(3);
    expect(third.resetInSeconds).toBeGreaterThan(0);
    expect(third.resetInSeconds).toBeLessThanOrEqual(60);
    await s.limiter.reset(k);
  });

  it('peeks without counting; an unknown key is at zero', async () => {
    const k = key();
    expect(await s.limiter.peek(k)).toEqual({ count: 0, resetInSeconds: 0 });
    await s.limiter.hit(k, 60);
    expect((await s.limiter.peek(k)).count).toBe(1);
    expect((await s.limiter.peek(k)).count).toBe(1);
    await s.limiter.reset(k);
  });

  it('forgets a key on reset', async () => {
    const k = key();
    await s.limiter.hit(k, 60);
    await s.limiter.hit(k, 60);
    await s.limiter.reset(k);
    expect((await s.limiter.peek(k)).count).toBe(0);
    expect((await s.limiter.hit(k, 60)).count).toBe(1);
    await s.limiter.reset(k);
  });

  it('takes a hit back on release, never below zero, and keeps the window', async () => {
    const k = key();
    await s.limiter.hit(k, 60);
    await s.limiter.hit(k, 60);
    await s.limiter.release(k);
    const left = await s.limiter.peek(k);
    expect(left.count).toBe(1);
    expect(left.resetInSeconds).toBeGreaterThan(0);
    await s.limiter.release(k);
    await s.limiter.release(k);
    expect((await s.limiter.peek(k)).count).toBe(0);
    expect((await s.limiter.hit(k, 60)).count).toBe(1);
    await s.limiter.reset(k);
    // Releasing a key nobody hit creates nothing.
    const unknown = key();
    await s.limiter.release(unknown);
    expect(await s.limiter.peek(unknown)).toEqual({ count: 0, resetInSeconds: 0 });
  });

  it('keeps keys apart', async () => {
    const a = key();
    const b = key();
    await s.limiter.hit(a, 60);
    await s.limiter.hit(a, 60);
    expect((await s.limiter.hit(b, 60)).count).toBe(1);
    await Promise.all([s.limiter.reset(a), s.limiter.reset(b)]);
  });

  it('starts again once the window has passed', async () => {
    const k = key();
    await s.limiter.hit(k, 1);
    await s.limiter.hit(k, 1);
    await s.wait(1100);
    expect((await s.limiter.peek(k)).count).toBe(0);
    expect((await s.limiter.hit(k, 1)).count).toBe(1);
  });

  it('uses fixed windows: later hits do not push the end back', async () => {
    const k = key();
    await s.limiter.hit(k, 2);
    await s.wait(1200);
    expect((await s.limiter.hit(k, 2)).count).toBe(2);
    await s.wait(1000);
    expect((await s.limiter.peek(k)).count).toBe(0);
  });

  it('counts parallel hits exactly', async () => {
    const k = key();
    const counts = (await Promise.all(Array.from({ length: 50 }, () => s.limiter.hit(k, 60)))).map((c) => c.count);
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await s.limiter.reset(k);
  });

  it('enforceLimit lets `max` requests through, then throws a 429 with Retry-After', async () => {
    const k = key();
    const limit = { max: 3, windowSeconds: 30 };
    for (let i = 0; i < 3; i++) await enforceLimit(s.limiter, k, limit, 'slow down');
    const err = await enforceLimit(s.limiter, k, limit, 'slow down').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(err).toMatchObject({ statusCode: 429, code: 'common.rateLimited', message: 'slow down' });
    const retryAfter = Number((err as TooManyRequestsError).headers!['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    await s.limiter.reset(k);
  });
});

describe('redisLimiter across processes', () => {
  it('shares counters between instances with the same prefix, and not across prefixes', async () => {
    const prefix = `meltway-test:${runId}:shared:`;
    const one = redisLimiter(REDIS_URL, prefix);
    const two = redisLimiter(REDIS_URL, prefix);
    const other = redisLimiter(REDIS_URL, `${prefix}other:`);
    try {
      await one.hit('login:ip:203.0.113.9', 60);
      expect((await two.hit('login:ip:203.0.113.9', 60)).count).toBe(2);
      expect((await one.peek('login:ip:203.0.113.9')).count).toBe(2);
      expect((await other.peek('login:ip:203.0.113.9')).count).toBe(0);
      await two.reset('login:ip:203.0.113.9');
      expect((await one.peek('login:ip:203.0.113.9')).count).toBe(0);
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
  });

  it('fails loudly, not open, when Redis cannot be reached', async () => {
    const down = redisLimiter('redis://127.0.0.1:1', `meltway-test:${runId}:down:`);
    try {
      await expect(down.hit('k', 60)).rejects.toThrow();
    } finally {
      await down.close().catch(() => {});
    }
  });
});
