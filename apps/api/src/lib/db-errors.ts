type PgLike = { code?: string; constraint?: string; cause?: PgLike };

const driverError = (err: unknown): PgLike | undefined => {
  const e = err as PgLike | undefined;
  return e?.cause?.code ? e.cause : e;
};

/** The constraint a unique violation (23505) hit, or undefined for any other error. */
export const uniqueViolation = (err: unknown) => {
  const e = driverError(err);
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
};

/**
 * The constraint a foreign-key violation hit, or undefined for any other error: 23503, or 23001
 * (restrict_violation), which PostgreSQL raises instead when the key is declared ON DELETE RESTRICT.
 */
export const foreignKeyViolation = (err: unknown) => {
  const e = driverError(err);
  return e?.code === '23503' || e?.code === '23001' ? (e.constraint ?? '') : undefined;
};

/** What node-postgres and pg-pool say when a connection is gone or none can be had (they give no SQLSTATE). */
const LOST_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'terminating connection',
];
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error means the database connection was lost or could not be had (a restart, a failover, an
 * administrator's pg_terminate_backend, the pool's connect timeout) rather than anything about the request:
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, class 08 (connection exception),
 * a reset socket. Such a request may well succeed when retried.
 */
export function connectionLost(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '57P01' || code === '57P02' || code === '57P03' || /^08[0-9A-Z]{3}$/.test(code) || LOST_ERRNOS.has(code)) return true;
  if (typeof e.message === 'string' && LOST_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  return connectionLost(e.cause, depth + 1);
}
