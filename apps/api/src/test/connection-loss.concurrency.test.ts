import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { onPostgres } from './harness.js';
import { counts, startServerProcess, type ServerProcess } from './load-fixtures.js';

/** Rounds of terminating every backend of the server's database while orders are being placed. */
const ROUNDS = 6;
/** Buyers placing orders one after another, all at the same time. */
const BUYERS = 8;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Placement = { status: number | string; id?: string };

/**
 * A database that drops its connections (a restart, a failover, an administrator's pg_terminate_backend)
 * while a real server process places orders and its workers (outbox, hold releaser) run: the process stays
 * up and answers health, every order acknowledged with 201 is kept with its lines, and every other placement
 * is answered 503 (or another 4xx), never 500 nor a broken connection. Only this test's own database is
 * touched: other test files run at the same time on the same server.
 */
describe.skipIf(!onPostgres)('a server process whose database drops its connections under order load', () => {
  let server: ServerProcess;
  const admin = new pg.Client({ connectionString: onPostgres ? inject('pgAdminUrl') : '' });
  let database = '';
  let productId = '';

  beforeAll(async () => {
    server = await startServerProcess({ WORKERS: '1' });
    database = new URL(server.databaseUrl!).pathname.slice(1);
    admin.on('error', () => {});
    await admin.connect();
    const c = new pg.Client({ connectionString: server.databaseUrl });
    c.on('error', () => {});
    await c.connect();
    const category = (await c.query<{ id: string }>(`insert into categories (name) values ('Connection loss mats') returning id`)).rows[0]!.id;
    productId = (
      await c.query<{ id: string }>(
        `insert into products (name, slug, sku, price_cents, category_id, stock, kind) values ('Loss mat', 'loss-mat', 'LOSS-MAT', 5000, $1, 1000000, 'mat') returning id`,
        [category],
      )
    ).rows[0]!.id;
    await c.end();
  }, 60_000);
  afterAll(async () => {
    await admin.end();
    await server?.close();
  });

  const place = async (): Promise<Placement> => {
    try {
      const res = await fetch(`${server.base}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          items: [{ productId, quantity: 1 }],
          shippingAddress: { fullname: 'Casey Buyer', line1: '1 Thaw Street', city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4', country: 'CA' },
          email: `loss-${randomUUID()}@example.com`,
        }),
      });
      const body = (await res.json()) as { id?: string; code?: string };
      // The database lost (common.unavailable), or the card payment of an order kept could not be opened (common.busy): come back later.
      if (res.status === 503 && !(['common.unavailable', 'common.busy'].includes(body.code!) && Number(res.headers.get('retry-after')) >= 1)) return { status: `503 ${body.code}` };
      return { status: res.status, ...(res.status === 201 ? { id: body.id } : {}) };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      return { status: cause?.code ?? String(err) };
    }
  };

  it(`keeps the process up, answering health, and every acknowledged order, over ${ROUNDS} rounds of pg_terminate_backend`, async () => {
    const results: Placement[] = [];
    let placing = true;
    const buyers = Array.from({ length: BUYERS }, async () => {
      while (placing) results.push(await place());
    });
    const terminated: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Let orders be placed (and the workers run) between rounds.
      const before = results.length;
      while (results.length < before + 10) await pause(20);
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
      terminated.push(killed.rowCount ?? 0);
    }
    // Orders are placed again after the last round.
    const afterLast = results.length;
    while (results.filter((r, i) => i >= afterLast && r.status === 201).length < BUYERS) await pause(20);
    placing = false;
    await Promise.all(buyers);

    expect(server.alive()).toBe(true);
    let health = 0;
    for (let i = 0; i < 10 && health !== 200; i++) {
      health = (await fetch(`${server.base}/api/v1/health`)).status;
      if (health !== 200) await pause(200);
    }
    expect(health).toBe(200);

    const byStatus = counts(results.map((r) => r.status));
    const placed = results.filter((r) => r.status === 201).map((r) => r.id!);
    process.stdout.write(
      `\n[connection loss, PostgreSQL] ${ROUNDS} rounds of pg_terminate_backend (backends terminated: ${terminated.join(' ')}), ${results.length} placements by ${BUYERS} buyers: ` +
        `${placed.length} placed, ${byStatus[503] ?? 0} answered 503; all answers ${JSON.stringify(byStatus)}\n`,
    );
    // Each round found connections of the server to terminate.
    expect(terminated.every((n) => n > 0)).toBe(true);
    // Every placement was answered: 201, 503, or another 4xx; never a 5xx other than 503, never a broken connection.
    expect(results.filter((r) => typeof r.status !== 'number' || (r.status >= 500 && r.status !== 503) || r.status < 200)).toEqual([]);

    const c = new pg.Client({ connectionString: server.databaseUrl });
    c.on('error', () => {});
    await c.connect();
    const kept = await c.query<{ id: string; lines: number }>(
      `select o.id, (select count(*)::int from order_lines l where l.order_id = o.id) as lines from orders o where o.id = any($1::uuid[])`,
      [placed],
    );
    await c.end();
    expect(kept.rows.length).toBe(placed.length);
    expect(kept.rows.filter((r) => r.lines !== 1)).toEqual([]);
  }, 180_000);
});
