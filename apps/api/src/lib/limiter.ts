import { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors.js';

type Counter = { count: number; resetInSeconds: number };

/** Fixed-window counters. Redis when several API processes must share them, memory otherwise. */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, windowSeconds: number): Promise<Counter>;
  peek(key: string): Promise<Counter>;
  /** Takes one hit back (a request counted before it was known not to count); never below zero, nor past the window. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.expiresAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.expiresAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  const counter = (w: { count: number; expiresAt: number } | undefined): Counter =>
    w ? { count: w.count, resetInSeconds: Math.max(1, Math.ceil((w.expiresAt - now()) / 1000)) } : { count: 0, resetInSeconds: 0 };
  return {
    kind: 'memory',
    async hit(key, windowSeconds) {
      const w = live(key) ?? { count: 0, expiresAt: now() + windowSeconds * 1000 };
      w.count += 1;
      windows.set(key, w);
      return counter(w);
    },
    async peek(key) {
      return counter(live(key));
    },
    async release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** DECR only a live counter above zero: a bare DECR would create a key without expiry. */
const RELEASE = `if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0`;

export function redisLimiter(url: string, prefix = 'meltway:rl:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const res = await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowSeconds);
      return { count, resetInSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
      return { count: Number(count ?? 0), resetInSeconds: ttl > 0 ? ttl : 0 };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export type Limit = { max: number; windowSeconds: number };

/** Counts one request against `key`; throws a 429 with Retry-After once `max` is passed. */
export async function enforceLimit(limiter: RateLimiter, key: string, limit: Limit, message: string) {
  const c = await limiter.hit(key, limit.windowSeconds);
  if (c.count > limit.max) throw new TooManyRequestsError(message, c.resetInSeconds);
}
