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
