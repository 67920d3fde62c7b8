import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { expectNoSecrets, peopleCast } from '../../test/accounts-fixtures.js';
import { createTestApp, makeUser, type Session, type TestApp } from '../../test/harness.js';

type Item = { id: string };
const ids = (items: Item[]) => items.map((i) => i.id);

describe('dealer lists', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, dealer, otherDealer, contractor, customer } = await peopleCast(t));
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
        certified: false,
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
      expect(pending.json().code).toBe('common.invalidValue');
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
      expect(anonymous.json()).toEqual({ message: m.notSignedIn, code: 'accounts.notSignedIn' });
      for (const s of [dealer, contractor, customer]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/dealer?role=dealer', headers: s.auth });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: m.forbidden, code: 'accounts.forbidden' });
      }
    });
  });
});
