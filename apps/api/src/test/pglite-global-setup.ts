import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';

/**
 * Migrates one in-memory PGlite and snapshots it, so each test file starts from a copy instead of migrating; and
 * snapshots it before, empty, for the tests of a first start: loading a snapshot into a data folder is faster than
 * the cluster's initdb.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'meltway-pglite-'));
  const database = await openPglite();
  const snapshot = async (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    return file;
  };
  project.provide('pgliteEmptySnapshot', await snapshot('empty.tar.gz'));
  await database.migrate();
  project.provide('pgliteSnapshot', await snapshot('migrated.tar.gz'));
  await database.close();
  return () => rmSync(dir, { recursive: true, force: true });
}
