import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKMARK_EVERY, horizonOf } from '../../lib/creation-pages.js';
import { actorOf, createTestApp, signIn, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder } from '../../test/order-read-fixtures.js';

type Page = { items: { id: string }[]; total: number };

/**
 * Deep pages of the order and transaction lists start from a bookmark counted from the oldest row; they
 * must hold exactly the rows that skipping would give, ties in creation time included, whether the page
 * lies among the settled rows, among the recent ones or across both, and stay exact as rows are added
 * and as time moves the horizon.
 */
describe('order and transaction pages far into the list', () => {
  let t: TestApp;
  let now = new Date('2026-06-15T12:07:00Z');
  let admin: Session, dealer: Session, contractor: Session;
  const SETTLED = BOOKMARK_EVERY * 2 + 37;
  const RECENT = 23;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    const other = await actorOf(t, 'customer');
    const horizon = horizonOf(now);
    // Settled rows: groups of seven share a creation time, hours before the horizon; recent rows: minutes after it.
    // Every third order is the contractor's (under the dealer), every fifth the dealer's own, the rest the customer's.
    const insert = (n: number, at: ReturnType<typeof sql>) =>
      t.db.execute(sql`
        insert into orders (number, status, buyer_id, buyer_role, buyer_name, email, dealer_id, payment_method, payment_provider,
                            shipping_address, shipping_method, subtotal_cents, shipping_cents, tax_cents, total_cents, taxes, created_at)
        select 'MW-2026-' || lpad(nextval('order_number_seq')::text, 6, '0'), 'paid',
               case when i % 3 = 0 then ${contractor.user.id}::uuid when i % 5 = 0 then ${dealer.user.id}::uuid else ${other.user.id}::uuid end,
               case when i % 3 = 0 then 'contractor' when i % 5 = 0 then 'dealer' else 'customer' end, 'Buyer ' || i, 'b' || i || '@example.com',
               case when i % 3 = 0 or i % 5 = 0 then ${dealer.user.id}::uuid end,
               'card', 'test', '{"fullname":"A","line1":"1 Road","city":"Toronto","province":"ON","postalCode":"M5V 2T6","country":"CA"}'::jsonb,
               'standard', 10000, 2500, 1625, 14125, '[]'::jsonb, ${at}
        from generate_series(1, ${n}) as i`);
    await insert(SETTLED, sql`${horizon.toISOString()}::timestamptz - ((i / 7) || ' minutes')::interval - interval '3 hours'`);
    await insert(RECENT, sql`${horizon.toISOString()}::timestamptz + ((i / 4) || ' seconds')::interval + interval '1 minute'`);
    // Creation times with microseconds, which a JavaScript date cannot carry.
    await t.db.execute(sql`update orders set created_at = created_at + (random() * interval '1 millisecond') where buyer_name like 'Buyer 1%'`);
    // Each order's payment, a moment after it.
    await t.db.execute(sql`insert into transactions (order_id, kind, provider, provider_ref, amount_cents, created_at)
                           select id, 'payment', 'test', 'pi_' || number, total_cents, created_at + interval '1 second' from orders`);
  });
  afterAll(() => t.close());

  async function expected(table: 'orders' | 'transactions', where: ReturnType<typeof sql>, limit: number, offset: number) {
    const query =
      table === 'orders'
        ? sql`select o.id from orders o where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`
        : sql`select x.id from transactions x join orders o on o.id = x.order_id where ${where} order by x.created_at desc, x.id desc limit ${limit} offset ${offset}`;
    // PGlite and node-postgres both give the rows under `rows`.
    return ((await t.db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
  const countOf = async (table: 'orders' | 'transactions', where: ReturnType<typeof sql>) =>
    (await expected(table, where, 100_000, 0)).length;

  const page = async (url: string, s: Session) => {
    const res = await t.app.inject({ method: 'GET', url, headers: s.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  const SIZES = [[1, 10], [2, 10], [3, 10], [4, 10], [10, 10], [11, 10], [21, 10], [26, 10], [27, 10], [2, 20], [5, 20], [13, 20], [3, 50], [5, 50], [6, 50], [7, 50]] as const;

  async function checkEveryPage(label: string) {
    const cases = [
      { s: admin, table: 'orders' as const, url: '/api/v1/orders', where: sql`true` },
      { s: dealer, table: 'orders' as const, url: '/api/v1/orders', where: sql`o.dealer_id = ${dealer.user.id}` },
      { s: contractor, table: 'orders' as const, url: '/api/v1/orders', where: sql`o.buyer_id = ${contractor.user.id}` },
      { s: admin, table: 'orders' as const, url: `/api/v1/orders?buyerId=${contractor.user.id}`, where: sql`o.buyer_id = ${contractor.user.id}` },
      { s: admin, table: 'transactions' as const, url: '/api/v1/transactions', where: sql`true` },
      { s: dealer, table: 'transactions' as const, url: '/api/v1/transactions', where: sql`o.dealer_id = ${dealer.user.id}` },
    ];
    for (const c of cases) {
      const total = await countOf(c.table, c.where);
      for (const [p, size] of SIZES) {
        const body = await page(`${c.url}${c.url.includes('?') ? '&' : '?'}page=${p}&pageSize=${size}`, c.s);
        expect(body.total, `${label}: ${c.url} as ${c.s.user.role}`).toBe(total);
        expect(body.items.map((i) => i.id), `${label}: ${c.url} as ${c.s.user.role}, page ${p} of ${size}`).toEqual(await expected(c.table, c.where, size, (p - 1) * size));
      }
    }
  }

  it('gives every page, in every scope, exactly the rows that skipping would give', async () => {
    await checkEveryPage('at first');
  });

  it('takes a new order at the top at once: the settled rows’ bookmarks do not move', async () => {
    const before = await page('/api/v1/orders?page=20&pageSize=10', admin);
    now = new Date(now.getTime() + 30_000);
    await insertOrder(t, { buyer: { id: contractor.user.id, fullname: 'Newest', email: contractor.user.email, role: 'contractor' }, dealerId: dealer.user.id, createdAt: now });
    const after = await page('/api/v1/orders?page=20&pageSize=10', admin);
    expect(after.total).toBe(before.total + 1);
    // Newest first: every row moves one place down, so the page starts with the previous page's last row.
    expect(after.items[1]!.id).toBe(before.items[0]!.id);
    await checkEveryPage('after a new order');
  });

  it('stays exact when time moves the horizon past the recent rows', async () => {
    now = new Date(now.getTime() + 60 * 60_000);
    // Access tokens last 15 minutes: sign in again at the new time.
    for (const s of [admin, dealer, contractor]) s.auth = (await signIn(t, s.user.email)).auth;
    await checkEveryPage('an hour later');
  });
});
