import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((s) => URL.canParse(s) && protocols.test(new URL(s).protocol), { error: hint })
      .optional(),
  );

const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .transform((v) => ['1', 'true', 'yes'].includes(v))
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(1, 'must be 1-65535').max(65535, 'must be 1-65535').default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), { error: 'must be an http(s) URL' })
      .transform((s) => s.replace(/\/+$/, ''))
      .optional(),
  ),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Meltway <no-reply@meltway.ca>')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an email address' }).default('support@meltway.ca')),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an email address' }).default('admin@meltway.ca')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
  SEED_DEMO: flag,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }).default('auto')),
  TRUST_PROXY: flag,
  METRICS_ALLOW: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((s) => s.split(',').map((a) => a.trim()).filter(Boolean))
      .refine((list) => list.length > 0 && list.every(isAddressOrCidr), { error: 'must be IP addresses or CIDR ranges, separated by commas' })
      .default(['127.0.0.0/8', '::1']),
  ),
  CACHE_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(10_000).default(250)),
  DESIGN_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number from 1 to 64' }).int('must be a whole number from 1 to 64').min(1, 'must be a whole number from 1 to 64').max(64, 'must be a whole number from 1 to 64').optional()),
  DESIGN_QUEUE: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number from 0 to 1000' }).int('must be a whole number from 0 to 1000').min(0, 'must be a whole number from 0 to 1000').max(1000, 'must be a whole number from 0 to 1000').default(8)),
  DESIGN_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a number of milliseconds from 100 to 120000' }).int('must be a number of milliseconds from 100 to 120000').min(100, 'must be a number of milliseconds from 100 to 120000').max(120_000, 'must be a number of milliseconds from 100 to 120000').default(10_000)),
  ORDER_LINK_DAYS: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number of days from 1 to 3650' }).int('must be a whole number of days from 1 to 3650').min(1, 'must be a whole number of days from 1 to 3650').max(3650, 'must be a whole number of days from 1 to 3650').default(90)),
  VIDEO_EMBED_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), { error: 'must be an http(s) URL' })
      .transform((s) => (s.endsWith('/') ? s : `${s}/`))
      .default('https://www.youtube-nocookie.com/embed/'),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional()),
}).refine((e) => !e.STRIPE_SECRET_KEY === !e.STRIPE_WEBHOOK_SECRET, {
  path: ['STRIPE_WEBHOOK_SECRET'],
  message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both for card payments through Stripe, or neither for the test provider',
});

const SHOWABLE = new Set(['PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'LOG_FORMAT', 'SEED_DEMO', 'TRUST_PROXY', 'METRICS_ALLOW', 'PUBLIC_URL', 'CACHE_POLL_MS', 'DESIGN_WORKERS', 'DESIGN_QUEUE', 'DESIGN_TIMEOUT_MS', 'ORDER_LINK_DAYS', 'VIDEO_EMBED_URL']);

export type Config = {
  port: number;
  /** HOST as set in the environment; unset, `listenHost` chooses by whether demo accounts exist. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  jwtSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  redisUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** `pretty` (readable lines), `json` (one object a line), or `auto`: pretty when the output is a terminal. */
  logFormat: 'auto' | 'pretty' | 'json';
  trustProxy: boolean;
  /** Addresses and CIDR ranges that may read /metrics, /livez and /readyz; anyone else gets a 404. */
  metricsAllow: string[];
  /** How often each process reads the cache versions: the bound on seeing another process's writes. */
  cachePollMs: number;
  /**
   * The layout generator's engine threads in this process: how many, how many calculations may wait for one
   * (one more is a 503 `design.busy`), and how long one may run before its worker is stopped.
   */
  designEngine: { size: number; maxQueue: number; timeoutMs: number };
  /** How long the signed link of an order mail (`/orders/view/<token>`) opens the order without a sign-in. */
  orderLinkDays: number;
  /**
   * Where a video lesson's player comes from: the video's id is appended (`…/embed/<id>?…`). Its origin is
   * allowed in the pages' `frame-src`, and the web reads it from the page (`<meta name="video-embed-url">`).
   */
  videoEmbedUrl: string;
  /** Card payments through Stripe when both are set; the labelled test provider otherwise. */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string | null } | null;
};

export class ConfigError extends Error {}

/** `10.0.0.7`, `::1`, `10.0.0.0/8` or `fd00::/8`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/**
 * Where the server listens. HOST wins when it is set. Unset, demo accounts (whose password is in the README)
 * keep the server on this machine (127.0.0.1); without them it listens on every interface (0.0.0.0), as a
 * server in a container or behind a load balancer must. `exposesDemo` is true when HOST puts demo accounts
 * within reach of other machines.
 */
export function listenHost(config: Pick<Config, 'host'>, demoAccounts: boolean): { host: string; exposesDemo: boolean } {
  if (config.host) return { host: config.host, exposesDemo: demoAccounts && !LOOPBACK.test(config.host) };
  return { host: demoAccounts ? '127.0.0.1' : '0.0.0.0', exposesDemo: false };
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      // Secrets and URLs (which may carry a password) are never echoed to the terminal or a log.
      const shown = SHOWABLE.has(name) ? ` (got ${JSON.stringify(env[name])})` : '';
      return `  ${name}: ${i.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    redisUrl: e.REDIS_URL,
    // The embedded database is for trying the product: it gets demo data unless told otherwise.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsAllow: e.METRICS_ALLOW,
    cachePollMs: e.CACHE_POLL_MS,
    // Engine threads: the cores but one, which the event loop keeps; at least one.
    designEngine: { size: e.DESIGN_WORKERS ?? Math.max(1, availableParallelism() - 1), maxQueue: e.DESIGN_QUEUE, timeoutMs: e.DESIGN_TIMEOUT_MS },
    orderLinkDays: e.ORDER_LINK_DAYS,
    videoEmbedUrl: e.VIDEO_EMBED_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null }
        : null,
  };
}
