import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { findUserById } from './users.repo.js';
import { dealerBody, expectNoSecrets, peopleCast } from '../../test/accounts-fixtures.js';
import { createTestApp, makeUser, type Session, TEST_PASSWORD, type TestApp, issue, MISSING } from '../../test/harness.js';

type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);

describe('approving dealers and contractors', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password: TEST_PASSWORD } });
  const decide = (id: string, status: string, s?: Session) =>
    t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${id}/approve`, payload: { status }, headers: s?.auth });

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, dealer, otherDealer, contractor, customer } = await peopleCast(t));
  });
  afterAll(() => t.close());

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

      // The application was acknowledged when it arrived; its approval is the second mail.
      const mails = await t.mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatch(/^Subject: Your Meltway account is approved/m);
      expect(mails[1]).toContain('http://shop.test/login');

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
      expect(denied.json()).toEqual({ message: m.accountInactive, code: 'accounts.accountInactive' });
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
        expect(res.json()).toEqual({ message: m.userNotFound, code: 'accounts.userNotFound' });
      }
      expect((await findUserById(t.db, others.id))?.status).toBe('pending');
      expect((await findUserById(t.db, pendingDealer.id))?.status).toBe('pending');
      expect(await t.mailsTo(others.email)).toHaveLength(0);
    });

    it('gives an admin 404 for an account that is neither a dealer nor a contractor, or does not exist', async () => {
      const otherAdmin = await makeUser(t, { role: 'admin', status: 'pending' });
      for (const id of [customer.user.id, otherAdmin.id, MISSING]) {
        expect((await decide(id, 'approved', admin)).statusCode).toBe(404);
      }
      expect((await findUserById(t.db, otherAdmin.id))?.status).toBe('pending');
    });

    it('answers 403 to contractors and customers, 401 without a token', async () => {
      const pending = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id });
      for (const s of [contractor, customer]) {
        const res = await decide(pending.id, 'approved', s);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('accounts.forbidden');
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
        expect(res.json()).toEqual({ message: m.notPending, code: 'accounts.notPending' });
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
      expect(badId.json().issues).toEqual([issue('id', 'Invalid id')]);
      const pending = await makeUser(t, { role: 'dealer', status: 'pending' });
      for (const status of ['pending', 'banned', '']) {
        const res = await decide(pending.id, status, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues[0].path).toBe('status');
      }
      expect((await findUserById(t.db, pending.id))?.status).toBe('pending');
    });
  });
});
