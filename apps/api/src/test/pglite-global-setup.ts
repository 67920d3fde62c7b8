import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.js';

/** Migrates one in-memory PGlite and snapshots it, so each test file starts from a copy instead of migrating. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'meltway-pglite-'));
  const database = await openPglite();
  await database.migrate();
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
