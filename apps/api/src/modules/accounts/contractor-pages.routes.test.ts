import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.js';
import { actorOf, createTestApp, makeUser, type Session, type TestApp } from '../../test/harness.js';
import * as accountsRepo from './users.repo.js';
import { BOOKMARK_EVERY } from './people.repo.js';

type Item = { id: string; contractorData: { dealerName: string | null } };

/**
 * Deep pages in the default order start from a remembered row instead of skipping every row before
 * them: they must hold exactly the rows that skipping would give, ties in creation time included.
 */
describe('contractor pages far into the list', () => {
  let t: TestApp;
  let admin: Session, dealer: Session;
  const ROWS = BOOKMARK_EVERY * 2 + 37;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Deep Dealer' });
    const other = await makeUser(t, { role: 'dealer', fullname: 'Other Dealer' });
    const values = Array.from({ length: ROWS }, (_, i) => ({
      email: `deep-${i}@example.com`,
      fullname: `Deep ${i}`,
      role: 'contractor' as const,
      status: i % 4 === 0 ? ('pending' as const) : ('approved' as const),
      passwordHash: 'x',
      dealerId: i % 3 === 0 ? other.id : dealer.user.id,
      // Groups of seven share a creation time to the microsecond, so order within them rests on the id.
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 60_000),
    }));
    await t.db.insert(users).values(values);
    // Creation times with microseconds, which a JavaScript date cannot carry.
    await t.db.execute(sql`update users set created_at = created_at + (random() * interval '1 millisecond') where email like 'deep-1%'`);
    await accountsRepo.updateUser(t.db, admin.user.id, {}); // as any write by this process would, forget what is cached
  });
  afterAll(() => t.close());

  async function expected(order: 'asc' | 'desc', where: ReturnType<typeof sql>, limit: number, offset: number) {
    const dir = sql.raw(order);
    type Row = { id: string; dealer_name: string | null };
    const result: unknown = await t.db.execute(
      sql`select u.id, d.fullname as dealer_name from users u left join users d on d.id = u.dealer_id
          where u.role = 'contractor' and ${where} order by u.created_at ${dir}, u.id ${dir} limit ${limit} offset ${offset}`,
    );
    // PGlite and node-postgres both give the rows under `rows`.
    return (result as { rows: Row[] }).rows.map((r): [string, string | null] => [r.id, r.dealer_name]);
  }

  const page = async (query: string, session: Session) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/contractors?${query}`, headers: session.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Item[]; total: number };
  };

  it('gives every page, in both orders, exactly the rows that skipping would give', async () => {
    for (const order of ['desc', 'asc'] as const) {
      for (const [p, size] of [[1, 10], [10, 10], [11, 10], [21, 10], [24, 10], [5, 30], [8, 30], [3, 50], [5, 50], [6, 50]] as const) {
        const body = await page(`page=${p}&pageSize=${size}&order=${order}`, admin);
        expect(body.total).toBe(ROWS);
        const want = await expected(order, sql`true`, size, (p - 1) * size);
        expect(body.items.map((i) => [i.id, i.contractorData.dealerName]), `page ${p} of ${size}, ${order}`).toEqual(want);
      }
    }
  });

  it('keeps a filter and a dealer scope on deep pages, and is empty past the end', async () => {
    const pending = await page('page=6&pageSize=10&status=pending', admin);
    expect(pending.items.map((i) => i.id)).toEqual((await expected('desc', sql`u.status = 'pending'`, 10, 50)).map(([id]) => id));

    const own = await page('page=16&pageSize=10', dealer);
    const ownWant = await expected('desc', sql`u.dealer_id = ${dealer.user.id}`, 10, 150);
    expect(own.items.map((i) => [i.id, i.contractorData.dealerName])).toEqual(ownWant);
    expect(own.items.every((i) => i.contractorData.dealerName === 'Deep Dealer')).toBe(true);

    expect((await page('page=40&pageSize=10', admin)).items).toEqual([]);
  });

  it('sees a new contractor at the next read of the versions: any write to users forgets the remembered rows', async () => {
    const before = await page('page=12&pageSize=10', admin);
    // Inserted behind the API's back, as another process would: seen at the next poll, forced here.
    await makeUser(t, { role: 'contractor', dealerId: dealer.user.id, fullname: 'Newest' });
    await t.app.cacheVersions.refresh();
    const after = await page('page=12&pageSize=10', admin);
    expect(after.total).toBe(before.total + 1);
    // Newest first: every row moves one place down, so the page starts with the previous page's last row.
    expect(after.items.map((i) => i.id)).toEqual((await expected('desc', sql`true`, 10, 110)).map(([id]) => id));
    expect(after.items[1]!.id).toBe(before.items[0]!.id);
  });
});
