import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../lib/storage.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { prepareData } from './first-run.js';

/** Every table the first run writes. */
const TABLES = [
  'users',
  'categories',
  'brands',
  'suppliers',
  'products',
  'product_images',
  'help_articles',
  'faqs',
  'authors',
  'documents',
  'assignments',
  'courses',
  'course_sections',
  'lessons',
  'certifications',
  'enrolments',
  'course_comments',
];

describe('first run of the database', () => {
  let t: TestApp;
  const opts = { adminEmail: 'admin@meltway.ca', adminPassword: 'First-Admin-Pass-1', seedDemo: true, log: { info: () => {} } };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const rows = await t.db.execute<Record<string, number>>(sql.raw(`select ${TABLES.map((n) => `(select count(*)::int from ${n}) as ${n}`).join(', ')}`));
    return (rows as unknown as { rows?: Record<string, number>[] }).rows?.[0] ?? (rows as unknown as Record<string, number>[])[0]!;
  };
  /** The test app's storage, failing from its `n`th file on, as a full disk or a crash would. */
  const failingAt = (n: number): Storage => {
    let saved = 0;
    return { ...t.deps.storage, save: async (bytes, o) => (++saved >= n ? Promise.reject(new Error('disk full')) : t.deps.storage.save(bytes, o)) };
  };

  it('leaves no account and no demo row when it fails half-way, so the next start makes all of it', async () => {
    const empty = Object.fromEntries(TABLES.map((n) => [n, 0]));
    expect(await counts()).toEqual(empty);
    // Early in the catalogue, in the help centre, in the academy.
    for (const n of [2, 38, 50]) {
      await expect(prepareData(t.db, failingAt(n), opts)).rejects.toThrow('disk full');
      expect({ failedAtFile: n, ...(await counts()) }).toEqual({ failedAtFile: n, ...empty });
    }
    const admin = await prepareData(t.db, t.deps.storage, opts);
    expect(admin.created).toBe(true);
    expect(await counts()).toMatchObject({ users: 9, categories: 4, products: 30, help_articles: 7, faqs: 10, authors: 2, documents: 2, assignments: 2, courses: 2, certifications: 2, course_comments: 3 });
    // A later start changes nothing.
    const before = await counts();
    expect((await prepareData(t.db, t.deps.storage, opts)).created).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('lets processes that start at once on one database make one admin and one demo', async () => {
    const other = await createTestApp({ sameDatabaseAs: t });
    try {
      await t.db.execute(sql`truncate users, categories, brands, suppliers, help_articles, faqs, authors, documents, assignments cascade`);
      const results = await Promise.all([prepareData(t.db, t.deps.storage, opts), prepareData(other.db, other.deps.storage, opts)]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      expect(await counts()).toMatchObject({ users: 9, products: 30, courses: 2, help_articles: 7 });
    } finally {
      await other.close();
    }
  });
});
