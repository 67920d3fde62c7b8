import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per cached domain (catalogue, academy, users, sessions), bumped by triggers in the same
 * transaction as any write to that domain's tables (for sessions: a revoked or deleted refresh token):
 * every process polls it to retire what it keeps.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
