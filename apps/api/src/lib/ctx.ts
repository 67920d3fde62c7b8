import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Role } from '@meltway/shared/accounts/roles';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { CacheVersions } from './cache-versions.js';
import type { AccessTokens } from './jwt.js';
import type { Limit, RateLimiter } from './limiter.js';
import type { Mailer } from './mailer.js';
import type { OrderLinks } from './order-links.js';
import type { CardProvider } from './payments.js';
import type { Storage } from './storage.js';

export type RateLimits = {
  /** Failed sign-ins to one account from one client address before that address gets a 429 for that account. */
  failedLoginsPerAddress: Limit;
  /** Failed sign-ins to one account from all addresses together before everyone gets a 429 for it: the brute-force ceiling. */
  failedLoginsPerAccount: Limit;
  loginPerIp: Limit;
  refreshPerIp: Limit;
  forgotPerIp: Limit;
  resetPerIp: Limit;
  registerPerIp: Limit;
  contactPerIp: Limit;
  newsletterPerIp: Limit;
  /** Orders guests place from one client address: each unpaid card order holds stock for 30 minutes. */
  guestOrdersPerIp: Limit;
  /** Order look-ups (number and email, the link mailed again) from one client address. */
  orderLookupsPerIp: Limit;
  /** Look-ups of one order number from all addresses together: bounds the mails its buyer can be sent. */
  orderLookupsPerNumber: Limit;
  /** Public certificate look-ups from one client address: enough for a person, too few to walk the codes. */
  certificateVerifyPerIp: Limit;
  /** Layout calculations from one client address: the page runs the engine itself, so this only bounds scripted use. */
  designCalculatePerIp: Limit;
  /** Installer searches from one client address: enough for a person trying postal codes, too few to map the network. */
  installerSearchPerIp: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedLoginsPerAddress: { max: 10, windowSeconds: 15 * 60 },
  // OWASP ASVS asks for at most 100 failed attempts an hour on one account.
  failedLoginsPerAccount: { max: 100, windowSeconds: 60 * 60 },
  loginPerIp: { max: 30, windowSeconds: 60 },
  refreshPerIp: { max: 60, windowSeconds: 60 },
  forgotPerIp: { max: 10, windowSeconds: 15 * 60 },
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  contactPerIp: { max: 5, windowSeconds: 15 * 60 },
  newsletterPerIp: { max: 10, windowSeconds: 60 * 60 },
  guestOrdersPerIp: { max: 20, windowSeconds: 60 * 60 },
  orderLookupsPerIp: { max: 10, windowSeconds: 15 * 60 },
  orderLookupsPerNumber: { max: 5, windowSeconds: 60 * 60 },
  certificateVerifyPerIp: { max: 60, windowSeconds: 60 },
  designCalculatePerIp: { max: 60, windowSeconds: 60 },
  installerSearchPerIp: { max: 60, windowSeconds: 60 },
};

/** What the app is built from; tests pass their own. */
export type Deps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  /** Files only their owner and admins may read (void cheques). */
  privateFiles: Storage;
  limiter: RateLimiter;
  tokens: AccessTokens;
  /** Signed links that open one order without a sign-in (a guest's order mails). */
  orderLinks: OrderLinks;
  rateLimits: RateLimits;
  clock: () => Date;
  /** Card payments: Stripe when configured, the test provider otherwise. */
  payments: CardProvider;
};

export type SessionUser = { id: string; role: Role; fullname: string; email: string };

/** Everything a service may use, for one request. */
export type Ctx = {
  db: Db;
  user: SessionUser | null;
  now: Date;
  ip: string;
  log: FastifyBaseLogger;
  config: Config;
  mail: Mailer;
  storage: Storage;
  privateFiles: Storage;
  limiter: RateLimiter;
  limits: RateLimits;
  tokens: AccessTokens;
  orderLinks: OrderLinks;
  payments: CardProvider;
  /** The versions of cached domains as this process last read them: cache keys carry them. */
  versions: CacheVersions;
};

export const makeCtx = (deps: Deps, request: FastifyRequest): Ctx => ({
  db: deps.database.db,
  user: request.user,
  now: deps.clock(),
  ip: request.ip,
  log: request.log,
  config: deps.config,
  mail: deps.mailer,
  storage: deps.storage,
  privateFiles: deps.privateFiles,
  limiter: deps.limiter,
  limits: deps.rateLimits,
  tokens: deps.tokens,
  orderLinks: deps.orderLinks,
  payments: deps.payments,
  versions: request.server.cacheVersions,
});

/** The signed-in user, for services whose route already required one. */
export function actor(ctx: Ctx): SessionUser {
  if (!ctx.user) throw new Error('route declared no roles but the service needs a user');
  return ctx.user;
}
