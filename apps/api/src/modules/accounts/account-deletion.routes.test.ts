import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { users } from '../../db/schema/accounts.js';
import { makeCtx } from '../../lib/ctx.js';
import { countUsers, deleteUserRow, findUserById } from './users.repo.js';
import { deleteUser } from './account-deletion.service.js';
import { dealerBody, peopleCast } from '../../test/accounts-fixtures.js';
import { actorOf, createTestApp, makeUser, onPostgres, type Session, signIn, TEST_PASSWORD, type TestApp, MISSING } from '../../test/harness.js';

type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);

describe('deleting an account', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password: TEST_PASSWORD } });
  const decide = (id: string, status: string, s?: Session) =>
    t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${id}/approve`, payload: { status }, headers: s?.auth });
  const remove = (id: string, s?: Session) => t.app.inject({ method: 'DELETE', url: `/api/v1/users/permanent/${id}`, headers: s?.auth });

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, dealer, otherDealer, contractor, customer } = await peopleCast(t));
  });
  afterAll(() => t.close());

  describe('DELETE /api/v1/users/permanent/:id', () => {
    it('deletes a dealer for good: it cannot sign in, its session ends, its files go, it leaves the public list', async () => {
      const reg = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody() });
      const { id, email, logo } = reg.json() as { id: string; email: string; logo: string };
      const voidCheque = (await findUserById(t.db, id))!.voidCheque!;
      for (const file of [voidCheque, logo]) expect(existsSync(path.join(t.dataDir, file))).toBe(true);
      await decide(id, 'approved', admin);
      const session = await signIn(t, email);

      const res = await remove(id, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Deleted' });

      expect(await findUserById(t.db, id)).toBeUndefined();
      const denied = await login(email);
      expect(denied.statusCode).toBe(401);
      expect(denied.json().code).toBe('accounts.invalidCredentials');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.auth })).statusCode).toBe(401);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token: session.refresh_token } });
      expect(refreshed.statusCode).toBe(401);
      for (const file of [voidCheque, logo]) expect(existsSync(path.join(t.dataDir, file))).toBe(false);
      expect(ids((await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer' })).json().items)).not.toContain(id);
      expect((await remove(id, admin)).statusCode).toBe(404);
    });

    it('refuses to delete a dealer that contractors depend on, with its message', async () => {
      const res = await remove(dealer.user.id, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This dealer still has contractors who depend on it', code: 'accounts.dealerHasContractors' });
      expect(res.json().message).toBe(m.dealerHasContractors);
      expect(await findUserById(t.db, dealer.user.id)).toBeDefined();
    });

    it('counts a pending contractor as depending on its dealer', async () => {
      const lonely = await makeUser(t, { role: 'dealer' });
      await makeUser(t, { role: 'contractor', status: 'pending', dealerId: lonely.id });
      expect((await remove(lonely.id, admin)).statusCode).toBe(409);
    });

    it('refuses to delete yourself', async () => {
      const res = await remove(admin.user.id, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.cannotDeleteSelf, code: 'accounts.cannotDeleteSelf' });
      expect(await findUserById(t.db, admin.user.id)).toBeDefined();
    });

    it('lets an admin delete another admin, a contractor and a customer', async () => {
      const otherAdmin = await makeUser(t, { role: 'admin' });
      const c = await makeUser(t, { role: 'contractor', dealerId: otherDealer.user.id });
      const cu = await makeUser(t, { role: 'customer' });
      for (const u of [otherAdmin, c, cu]) {
        expect((await remove(u.id, admin)).statusCode).toBe(200);
        expect(await findUserById(t.db, u.id)).toBeUndefined();
      }
    });

    it('is for admins only: 401 without a token, 403 for every other role', async () => {
      const target = await makeUser(t, { role: 'customer' });
      expect((await remove(target.id)).statusCode).toBe(401);
      for (const s of [dealer, contractor, customer]) {
        const res = await remove(target.id, s);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: m.forbidden, code: 'accounts.forbidden' });
      }
      expect(await findUserById(t.db, target.id)).toBeDefined();
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      const unknown = await remove(MISSING, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: m.userNotFound, code: 'accounts.userNotFound' });
      expect((await remove('123', admin)).statusCode).toBe(400);
    });
  });
});

describe('the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Sequentially an admin always sees itself among the admins, so the rule only bites when two
  // admins delete each other at once; both were signed in when they asked.
  it('stays when its only fellow admin vanished while it was deleting it', async () => {
    const a = await actorOf(t, 'admin');
    const b = await makeUser(t, { role: 'admin' });
    const ctx = { ...makeCtx(t.deps, { server: t.app, user: { id: a.user.id, role: 'admin' as const, fullname: a.user.fullname, email: a.user.email } } as never), log: pino({ level: 'silent' }) };
    await deleteUserRow(t.db, a.user.id);

    await expect(deleteUser(ctx, b.id)).rejects.toMatchObject({ statusCode: 409, message: 'The last admin cannot be deleted' });
    expect(await findUserById(t.db, b.id)).toBeDefined();
  });

  it.runIf(onPostgres)('stays when two signed-in admins delete each other at the same time', async () => {
    await t.db.delete(users).where(eq(users.role, 'admin'));
    const a = await actorOf(t, 'admin');
    const b = await actorOf(t, 'admin');
    expect(await countUsers(t.db, { role: 'admin' })).toBe(2);
    const del = (target: string, by: Session) => t.app.inject({ method: 'DELETE', url: `/api/v1/users/permanent/${target}`, headers: by.auth });
    let pending: Promise<Awaited<ReturnType<typeof del>>[]> | undefined;
    // Hold the admin rows so that both requests get past sign-in checks and queue on the lock.
    await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
      pending = Promise.all([del(b.user.id, a), del(a.user.id, b)]);
      await waitFor(async () => {
        const waiting = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return waiting.rows[0]!.n >= 2;
      });
    });
    const results = await pending!;
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ message: m.cannotDeleteLastAdmin, code: 'accounts.cannotDeleteLastAdmin' });
    expect(await countUsers(t.db, { role: 'admin' })).toBe(1);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}
