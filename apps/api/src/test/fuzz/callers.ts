import type { Actor, RouteCase } from '../route-access.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../lib/ctx.js';

/** Every rate limit out of the way: refusals with 429 would hide what the handlers do. */
export const UNLIMITED = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { max: 1_000_000, windowSeconds: 60 }])) as unknown as RateLimits;

/** The first actor a route lets in (admins first: they pass every check but ownership), by the route-access table. */
export const firstAllowed = (row: RouteCase): Actor =>
  (['admin', 'dealer', 'contractor', 'customer', 'otherDealer', 'anonymous'] as const).find((a) => row.expect[a] < 300) ?? 'admin';
