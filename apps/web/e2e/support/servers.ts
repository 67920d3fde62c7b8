import { join } from 'node:path';

/**
 * The journeys' servers: one a Playwright worker, each on its own port and data folder (its embedded database, its
 * uploads and its mail outbox) with the demo data of its own. A worker only ever talks to the server of its slot
 * (`parallelIndex`, which no two running workers share), so the journeys of two files never meet in one database,
 * a cart or an outbox, as they would if two workers shared a server. `E2E_SERVERS` sets how many (default 2: the
 * journeys wait on the browser and the server in turn, and two of them keep both cores busy), `E2E_PORT` the first
 * port (3100; the next servers take the next ports).
 */
export const SERVER_COUNT = Number(process.env.E2E_SERVERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

export type JourneyServer = { port: number; baseURL: string; dataDir: string };

/** The server of a worker slot, under the data folder the config made (E2E_DATA_DIR, which workers inherit). */
export function serverFor(slot: number): JourneyServer {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set: the journeys run through playwright.config.ts');
  if (!Number.isInteger(slot) || slot < 0 || slot >= SERVER_COUNT) throw new Error(`no journey server for worker slot ${slot} of ${SERVER_COUNT}`);
  const port = FIRST_PORT + slot;
  return { port, baseURL: `http://127.0.0.1:${port}`, dataDir: join(root, `server-${slot}`) };
}
