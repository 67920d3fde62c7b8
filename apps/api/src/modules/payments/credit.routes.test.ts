import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as am } from '@meltway/shared/accounts/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { addToCart, address, placeAs } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';

describe('trade accounts’ credit', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, otherContractor: Session, customer: Session;
  const req = requester(() => t);
  const creditUrl = (id: string) => `/api/v1/users/${id}/credit`;
  const limitUrl = (id: string) => `/api/v1/users/${id}/credit-limit`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    otherContractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  it('starts with no credit: the account cannot pay on account', async () => {
    const res = await req('GET', creditUrl(contractor.user.id), contractor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: contractor.user.id, creditLimitCents: null, owedCents: 0, availableCents: 0 });
  });

  it('lets an admin set a limit that the account then reads, with what it owes and what is left', async () => {
    const set = await req('PUT', limitUrl(contractor.user.id), admin, { creditLimitCents: 1_000_000 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ userId: contractor.user.id, creditLimitCents: 1_000_000, owedCents: 0, availableCents: 1_000_000 });

    const product = await makeProduct(t, admin.auth, (await makeCategory(t, admin.auth)).id, { price: 22_900, stock: 10 });
    await addToCart(t, contractor, product.id, 1);
    const order = (await placeAs(t, contractor, { shippingAddress: address('ON'), paymentMethod: 'account' })).json();
    expect(order.totalCents).toBe(28_702);
    // A card order owes nothing on account.
    await addToCart(t, contractor, product.id, 1);
    expect((await placeAs(t, contractor, { shippingAddress: address('ON'), paymentMethod: 'card' })).statusCode).toBe(201);

    const read = await req('GET', creditUrl(contractor.user.id), contractor);
    expect(read.json()).toEqual({ userId: contractor.user.id, creditLimitCents: 1_000_000, owedCents: 28_702, availableCents: 1_000_000 - 28_702 });
    expect((await req('GET', creditUrl(contractor.user.id), admin)).json()).toEqual(read.json());

    // A limit lowered under what is owed leaves nothing available, never less than nothing.
    const lowered = await req('PUT', limitUrl(contractor.user.id), admin, { creditLimitCents: 10_000 });
    expect(lowered.json()).toMatchObject({ creditLimitCents: 10_000, owedCents: 28_702, availableCents: 0 });
  });

  it('removes the credit with null', async () => {
    await req('PUT', limitUrl(dealer.user.id), admin, { creditLimitCents: 2_500_000 });
    const res = await req('PUT', limitUrl(dealer.user.id), admin, { creditLimitCents: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ creditLimitCents: null, availableCents: 0 });
  });

  it('gives credit to dealers and contractors only', async () => {
    for (const s of [customer, admin]) {
      const res = await req('PUT', limitUrl(s.user.id), admin, { creditLimitCents: 1_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'commerce.accountNotAllowed', message: m.accountNotAllowed });
    }
  });

  it('refuses bad limits with the field at fault', async () => {
    for (const creditLimitCents of [-1, 1.5, 2 ** 31, '100']) {
      const res = await req('PUT', limitUrl(contractor.user.id), admin, { creditLimitCents });
      expect(res.statusCode, String(creditLimitCents)).toBe(400);
      expect(res.json().issues, String(creditLimitCents)).toEqual([issue('creditLimitCents', m.creditLimitInvalid)]);
    }
    expect((await req('PUT', limitUrl(contractor.user.id), admin, {})).statusCode).toBe(400);
    expect((await req('GET', creditUrl('not-an-id'), admin)).statusCode).toBe(400);
  });

  it('needs a signed-in user (401); customers may not ask (403); only admins set limits (403)', async () => {
    expect((await req('GET', creditUrl(contractor.user.id))).statusCode).toBe(401);
    expect((await req('PUT', limitUrl(contractor.user.id), undefined, { creditLimitCents: 1 })).statusCode).toBe(401);
    expect((await req('GET', creditUrl(customer.user.id), customer)).statusCode).toBe(403);
    for (const s of [dealer, contractor, customer]) {
      expect((await req('PUT', limitUrl(contractor.user.id), s, { creditLimitCents: 99_999_999 })).statusCode).toBe(403);
    }
  });

  it("tells anyone but the account itself and admins that someone else's credit does not exist (404)", async () => {
    for (const [s, id] of [
      [otherContractor, contractor.user.id],
      [dealer, contractor.user.id],
      [otherDealer, dealer.user.id],
      [contractor, dealer.user.id],
    ] as const) {
      const res = await req('GET', creditUrl(id), s);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(am.userNotFound);
    }
    expect((await req('GET', creditUrl(MISSING), admin)).statusCode).toBe(404);
    expect((await req('PUT', limitUrl(MISSING), admin, { creditLimitCents: 1 })).statusCode).toBe(404);
  });
});
