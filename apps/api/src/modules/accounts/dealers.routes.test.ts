import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { users } from '../../db/schema/accounts.js';
import { makeCtx } from '../../lib/ctx.js';
import { countUsers, deleteUserRow, findUserById } from './users.repo.js';
import { deleteUser } from './people.service.js';
import { dealerBody, expectNoSecrets } from '../../test/accounts-fixtures.js';
import { actorOf, createTestApp, makeUser, onPostgres, type Session, signIn, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('dealers, approvals and deletion', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password: TEST_PASSWORD } });
  const decide = (id: string, status: string, s?: Session) =>
    t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${id}/approve`, payload: { status }, headers: s?.auth });
  const remove = (id: string, s?: Session) => t.app.inject({ method: 'DELETE', url: `/api/v1/users/permanent/${id}`, headers: s?.auth });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  describe('GET /api/v1/users/publicdealer', () => {
    it('lists approved dealers only, to anyone, with no banking data, commission or emails', async () => {
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      const inactive = await makeUser(t, { role: 'dealer', status: 'inactive' });
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer?role=dealer&status=approved' });
      expect(res.statusCode).toBe(200);
      const { items } = res.json();
      expect(ids(items)).toEqual(expect.arrayContaining([dealer.user.id, otherDealer.user.id]));
      expect(ids(items)).not.toContain(pending.id);
      expect(ids(items)).not.toContain(inactive.id);
      expect(ids(items)).not.toContain(contractor.user.id);
      expect(items.find((d: Item) => d.id === dealer.user.id)).toEqual({
        id: dealer.user.id,
        fullname: dealer.user.fullname,
        logo: null,
        address: dealer.user.address,
        coverageRadius: 50,
      });

      const raw = res.body;
      expect(raw).not.toContain('@');
      for (const secret of ['bankingInfo', 'accountNumber', 'transitNumber', 'institutionNumber', 'commission', 'billingEmail', 'manager', 'email', 'phone']) {
        expect(raw).not.toContain(secret);
      }
      expect(raw).not.toContain(dealer.user.email);
      expect(raw).not.toContain(dealer.user.dealerData!.billingEmail);
      expect(raw).not.toContain(dealer.user.dealerData!.bankingInfo.accountNumber);
      expectNoSecrets(raw);
    });

    it('works without query parameters and refuses a status other than approved', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer' });
      expect(plain.statusCode).toBe(200);
      expect(ids(plain.json().items)).toContain(dealer.user.id);
      const pending = await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer?role=dealer&status=pending' });
      expect(pending.statusCode).toBe(400);
      expect(pending.json().code).toBe('VALIDATION');
    });
  });

  describe('GET /api/v1/users/dealer', () => {
    it('gives admins every dealer with its status and dealer data, as { items }', async () => {
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?role=dealer', headers: admin.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['items']);
      expect(ids(body.items)).toEqual(expect.arrayContaining([dealer.user.id, otherDealer.user.id, pending.id]));
      expect(body.items.every((u: { role: string }) => u.role === 'dealer')).toBe(true);
      const row = body.items.find((u: Item) => u.id === pending.id);
      expect(row.status).toBe('pending');
      expect(row.dealerData).toMatchObject({ commission: 10, coverageRadius: 50, manager: { name: 'Manager' } });
      expectNoSecrets(res.body);
    });

    it('filters by status', async () => {
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?role=dealer&status=pending', headers: admin.auth });
      const items = res.json().items as { id: string; status: string }[];
      expect(ids(items)).toContain(pending.id);
      expect(items.every((u) => u.status === 'pending')).toBe(true);
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?status=banned', headers: admin.auth });
      expect(bad.statusCode).toBe(400);
    });

    it('is for admins only: 401 without a token, 403 for every other role', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?role=dealer' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: m.notSignedIn, code: 'UNAUTHORIZED' });
      for (const s of [dealer, contractor, customer]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?role=dealer', headers: s.auth });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: m.forbidden, code: 'FORBIDDEN' });
      }
    });
  });

  describe('POST /api/v1/users/dealer/:id/approve', () => {
    it('lets an admin approve a registered dealer, which then signs in and gets a mail', async () => {
      const reg = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody() });
      const id = reg.json().id as string;
      const email = reg.json().email as string;
      expect((await login(email)).statusCode).toBe(403);

      const res = await decide(id, 'approved', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'approved', role: 'dealer' });
      expectNoSecrets(res.body);

      const signedIn = await login(email);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().status).toBe('approved');

      const mails = await t.mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^Subject: Your Meltway account is approved/m);
      expect(mails[0]).toContain('http://shop.test/login');

      const listed = await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer' });
      expect(ids(listed.json().items)).toContain(id);
    });

    it('lets an admin reject a dealer: 403 ACCOUNT_INACTIVE at sign-in, and a mail saying so', async () => {
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      const res = await decide(pending.id, 'inactive', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('inactive');
      const denied = await login(pending.email);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: m.accountInactive, code: 'ACCOUNT_INACTIVE' });
      const [mail] = await t.mailsTo(pending.email);
      expect(mail).toMatch(/^Subject: Your Meltway registration/m);
      expect(mail).toContain('not approved');
    });

    it('lets a dealer decide its own pending contractor', async () => {
      const own = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id });
      const res = await decide(own.id, 'approved', dealer);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('approved');
      expect(res.json().contractorData.dealerId).toBe(dealer.user.id);
      expect((await login(own.email)).statusCode).toBe(200);
      expect(await t.mailsTo(own.email)).toHaveLength(1);
    });

    it("gives a dealer 404 for another dealer's contractor, for a dealer and for a customer, and changes nothing", async () => {
      const others = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: otherDealer.user.id });
      const pendingDealer = await makeUser(t, { role: 'dealer', status: 'pending' });
      for (const id of [others.id, pendingDealer.id, customer.user.id]) {
        const res = await decide(id, 'approved', dealer);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: m.userNotFound, code: 'NOT_FOUND' });
      }
      expect((await findUserById(t.db, others.id))?.status).toBe('pending');
      expect((await findUserById(t.db, pendingDealer.id))?.status).toBe('pending');
      expect(await t.mailsTo(others.email)).toHaveLength(0);
    });

    it('gives an admin 404 for an account that is neither a dealer nor a contractor, or does not exist', async () => {
      const otherAdmin = await makeUser(t, { role: 'admin', status: 'pending' });
      for (const id of [customer.user.id, otherAdmin.id, UNKNOWN_ID]) {
        expect((await decide(id, 'approved', admin)).statusCode).toBe(404);
      }
      expect((await findUserById(t.db, otherAdmin.id))?.status).toBe('pending');
    });

    it('answers 403 to contractors and customers, 401 without a token', async () => {
      const pending = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id });
      for (const s of [contractor, customer]) {
        const res = await decide(pending.id, 'approved', s);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await decide(pending.id, 'approved')).statusCode).toBe(401);
      expect((await findUserById(t.db, pending.id))?.status).toBe('pending');
    });

    it('answers 409 when the account was already decided', async () => {
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      expect((await decide(pending.id, 'approved', admin)).statusCode).toBe(200);
      for (const status of ['approved', 'inactive']) {
        const res = await decide(pending.id, status, admin);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: m.notPending, code: 'CONFLICT' });
      }
      expect((await findUserById(t.db, pending.id))?.status).toBe('approved');
      expect(await t.mailsTo(pending.email)).toHaveLength(1);
    });

    it('lets exactly one of two parallel decisions win', async () => {
      const pending = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id });
      const results = await Promise.all([decide(pending.id, 'approved', admin), decide(pending.id, 'inactive', dealer)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      expect((await findUserById(t.db, pending.id))?.status).toBe(winner.status);
    });

    it('refuses a bad id or status with 400', async () => {
      const badId = await decide('not-a-uuid', 'approved', admin);
      expect(badId.statusCode).toBe(400);
      expect(badId.json().issues).toEqual([{ path: 'id', message: 'Invalid id' }]);
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      for (const status of ['pending', 'banned', '']) {
        const res = await decide(pending.id, status, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues[0].path).toBe('status');
      }
      expect((await findUserById(t.db, pending.id))?.status).toBe('pending');
    });
  });

  describe('DELETE /api/v1/users/permanent/:id', () => {
    it('deletes a dealer for good: it cannot sign in, its session ends, its files go, it leaves the public list', async () => {
      const reg = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody() });
      const { id, email, image, logo } = reg.json() as { id: string; email: string; image: string; logo: string };
      await decide(id, 'approved', admin);
      const session = await signIn(t, email);

      const res = await remove(id, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Deleted' });

      expect(await findUserById(t.db, id)).toBeUndefined();
      const denied = await login(email);
      expect(denied.statusCode).toBe(401);
      expect(denied.json().code).toBe('INVALID_CREDENTIALS');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.auth })).statusCode).toBe(401);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token: session.refresh_token } });
      expect(refreshed.statusCode).toBe(401);
      for (const file of [image, logo]) expect(existsSync(path.join(t.dataDir, file))).toBe(false);
      expect(ids((await t.app.inject({ method: 'GET', url: '/api/v1/users/publicdealer' })).json().items)).not.toContain(id);
      expect((await remove(id, admin)).statusCode).toBe(404);
    });

    it('refuses to delete a dealer that contractors depend on, with its message', async () => {
      const res = await remove(dealer.user.id, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This dealer still has contractors who depend on it', code: 'CONFLICT' });
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
      expect(res.json()).toEqual({ message: m.cannotDeleteSelf, code: 'BAD_REQUEST' });
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
        expect(res.json()).toEqual({ message: m.forbidden, code: 'FORBIDDEN' });
      }
      expect(await findUserById(t.db, target.id)).toBeDefined();
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      const unknown = await remove(UNKNOWN_ID, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: m.userNotFound, code: 'NOT_FOUND' });
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
    const ctx = { ...makeCtx(t.deps, { user: { id: a.user.id, role: 'admin' as const, fullname: a.user.fullname, email: a.user.email } } as never), log: pino({ level: 'silent' }) };
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
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ message: m.cannotDeleteLastAdmin, code: 'CONFLICT' });
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
