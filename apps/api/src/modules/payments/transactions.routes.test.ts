import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { TransactionOut } from '@meltway/shared/payments/transaction.schema';
import { actorOf, createTestApp, issue, requester, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder, type FixtureBuyer } from '../../test/order-read-fixtures.js';

type List = { items: TransactionOut[]; total: number };

const buyerOf = (s: Session, role: string): FixtureBuyer => ({ id: s.user.id, fullname: s.user.fullname, email: s.user.email, role });

describe('GET /api/v1/transactions', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  const o: Record<string, { id: string; number: string; paymentRef: string | null }> = {};
  const req = requester(() => t);
  const list = async (query: string, s: Session) => {
    const res = await req('GET', `/api/v1/transactions?${query}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as List;
  };
  const kinds = (l: List) => l.items.map((i) => `${i.orderNumber} ${i.kind} ${i.amountCents}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Northern Heat Supply' });
    otherDealer = await actorOf(t, 'dealer', { fullname: 'Prairie Snowmelt Co.' });
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Connor Contractor' });
    customer = await actorOf(t, 'customer', { fullname: 'Casey Customer' });
    // A card order refunded in part (payment 14:01, refund 15:00); an on-account order charged and settled; a customer's card order.
    o.card = await insertOrder(t, {
      buyer: buyerOf(contractor, 'contractor'), dealerId: dealer.user.id, commissionPercent: 10, createdAt: new Date('2026-03-02T14:00:00Z'),
      lines: [{ name: 'Mat', unitPriceCents: 10_000, quantity: 1 }], refunds: [{ amountCents: 2_000, at: new Date('2026-03-02T15:00:00Z') }],
    });
    o.account = await insertOrder(t, {
      buyer: buyerOf(dealer, 'dealer'), dealerId: dealer.user.id, paymentMethod: 'account', createdAt: new Date('2026-03-03T14:00:00Z'),
      lines: [{ name: 'Cable', unitPriceCents: 20_000, quantity: 1 }], settledAt: new Date('2026-03-20T14:00:00Z'),
    });
    o.customer = await insertOrder(t, { buyer: buyerOf(customer, 'customer'), createdAt: new Date('2026-03-04T14:00:00Z'), lines: [{ name: 'Sensor', unitPriceCents: 5_000, quantity: 1 }] });
  });
  afterAll(() => t.close());

  it('lists every payment, refund, charge and settlement newest first, with its order, reference and amount', async () => {
    const all = await list('', admin);
    expect(all.total).toBe(5);
    // 10,000 + 2,500 shipping + 13% = 14,125; 20,000 + 2,500 + 13% = 25,425; 5,000 + 2,500 + 13% = 8,475.
    expect(kinds(all)).toEqual([
      `${o.account!.number} account_settlement 25425`,
      `${o.customer!.number} payment 8475`,
      `${o.account!.number} account_charge 25425`,
      `${o.card!.number} refund 2000`,
      `${o.card!.number} payment 14125`,
    ]);
    expect(all.items.at(-1)).toEqual({
      id: expect.any(String),
      kind: 'payment',
      provider: 'test',
      providerRef: o.card!.paymentRef,
      amountCents: 14_125,
      orderId: o.card!.id,
      orderNumber: o.card!.number,
      buyerName: 'Connor Contractor',
      dealerName: 'Northern Heat Supply',
      created_at: '2026-03-02T14:01:00.000Z',
    });
  });

  it('gives a dealer the money of its own orders and its contractors’ only', async () => {
    expect(kinds(await list('', dealer))).toEqual([
      `${o.account!.number} account_settlement 25425`,
      `${o.account!.number} account_charge 25425`,
      `${o.card!.number} refund 2000`,
      `${o.card!.number} payment 14125`,
    ]);
    expect(await list('', otherDealer)).toEqual({ items: [], total: 0 });
    expect(await list(`q=${o.customer!.number}`, dealer)).toEqual({ items: [], total: 0 });
  });

  it('filters by kind, provider, Eastern-time days and a search of number, buyer and reference', async () => {
    expect(kinds(await list('kind=refund', admin))).toEqual([`${o.card!.number} refund 2000`]);
    expect((await list('provider=account', admin)).total).toBe(2);
    expect(kinds(await list('from=2026-03-03&to=2026-03-04', admin))).toEqual([`${o.customer!.number} payment 8475`, `${o.account!.number} account_charge 25425`]);
    expect(kinds(await list('q=casey', admin))).toEqual([`${o.customer!.number} payment 8475`]);
    expect(kinds(await list(`q=${o.card!.paymentRef}`, admin))).toEqual([`${o.card!.number} payment 14125`]);
    expect((await list('kind=payment&pageSize=1&page=2', admin)).items.map((i) => i.orderNumber)).toEqual([o.card!.number]);
  });

  it('sorts by amount as the list shows it (a refund negative), kind or date, either way, id breaking ties, and pages the sorted list', async () => {
    const signed = (l: List) => l.items.map((i) => (i.kind === 'refund' ? -i.amountCents : i.amountCents));
    const all = await list('', admin);
    const byAmount = await list('sort=amount&order=asc', admin);
    expect(signed(byAmount)).toEqual([-2_000, 8_475, 14_125, 25_425, 25_425]);
    expect(byAmount.total).toBe(5);
    expect(signed(await list('sort=amount&order=desc', admin))).toEqual([25_425, 25_425, 14_125, 8_475, -2_000]);
    // `order` is desc unless told.
    expect(signed(await list('sort=amount', admin))).toEqual([25_425, 25_425, 14_125, 8_475, -2_000]);
    // Kinds in the order of TRANSACTION_KINDS, as the status of an order sorts.
    expect((await list('sort=kind&order=asc', admin)).items.map((i) => i.kind)).toEqual(['payment', 'payment', 'refund', 'account_charge', 'account_settlement']);
    expect((await list('sort=kind&order=desc', admin)).items.map((i) => i.kind)).toEqual(['account_settlement', 'account_charge', 'refund', 'payment', 'payment']);
    expect(kinds(await list('sort=created_at&order=asc', admin))).toEqual([...kinds(all)].reverse());
    expect(kinds(await list('sort=created_at&order=desc', admin))).toEqual(kinds(all));
    // Pages of the sorted list join up into the whole of it, ties included.
    const pages = await Promise.all([1, 2, 3].map((page) => list(`sort=amount&order=asc&pageSize=2&page=${page}`, admin)));
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(byAmount.items.map((i) => i.id));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    // With the filters and inside the reader's scope.
    expect(signed(await list('kind=payment&sort=amount&order=desc', admin))).toEqual([14_125, 8_475]);
    expect(signed(await list('sort=amount&order=asc', dealer))).toEqual([-2_000, 14_125, 25_425, 25_425]);
    const bad = await req('GET', '/api/v1/transactions?sort=buyer&order=up', admin);
    expect(bad.statusCode).toBe(400);
    expect((bad.json().issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['order', 'sort']);
  });

  it('refuses bad filters with the field named, customers and contractors, and anyone not signed in', async () => {
    const bad = await req('GET', '/api/v1/transactions?kind=gift&to=03-04-2026&pageSize=1000', admin);
    expect(bad.statusCode).toBe(400);
    const issues = bad.json().issues as { path: string }[];
    expect(issues.map((i) => i.path).sort()).toEqual(['kind', 'pageSize', 'to']);
    expect(issues.find((i) => i.path === 'to')).toEqual(issue('to', m.taxDateInvalid));
    expect((await req('GET', '/api/v1/transactions', contractor)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/transactions', customer)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/transactions')).statusCode).toBe(401);
  });

  describe('GET /api/v1/transactions/export.csv', () => {
    it('exports the filtered list in the reader’s scope, amounts in dollars', async () => {
      const res = await req('GET', '/api/v1/transactions/export.csv?provider=account', dealer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.body).toBe(
        'created_at,kind,provider,provider_ref,amount_cad,order_number,buyer_name,dealer\r\n' +
          `2026-03-20T14:00:00.000Z,account_settlement,account,settle-${o.account!.number},254.25,${o.account!.number},Northern Heat Supply,Northern Heat Supply\r\n` +
          `2026-03-03T14:00:00.000Z,account_charge,account,charge-${o.account!.number},254.25,${o.account!.number},Northern Heat Supply,Northern Heat Supply\r\n`,
      );
      const other = await req('GET', '/api/v1/transactions/export.csv', otherDealer);
      expect(other.body).toBe('created_at,kind,provider,provider_ref,amount_cad,order_number,buyer_name,dealer\r\n');
      expect((await req('GET', '/api/v1/transactions/export.csv', admin)).body.trimEnd().split('\r\n')).toHaveLength(6);
    });

    it('takes the sort of the list', async () => {
      const refs = (await list('sort=amount&order=asc', admin)).items.map((i) => i.providerRef);
      const rows = (await req('GET', '/api/v1/transactions/export.csv?sort=amount&order=asc', admin)).body.trimEnd().split('\r\n').slice(1);
      expect(rows.map((l) => l.split(',')[3])).toEqual(refs);
      expect(rows.map((l) => l.split(',')[1])).toEqual(['refund', 'payment', 'payment', expect.stringMatching(/^account_/), expect.stringMatching(/^account_/)]);
      const byKind = (await req('GET', '/api/v1/transactions/export.csv?sort=kind&order=desc&provider=account', dealer)).body.trimEnd().split('\r\n').slice(1);
      expect(byKind.map((l) => l.split(',')[1])).toEqual(['account_settlement', 'account_charge']);
      const bad = await req('GET', '/api/v1/transactions/export.csv?sort=total', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['sort']);
    });

    it('is for staff only and refuses bad filters', async () => {
      expect((await req('GET', '/api/v1/transactions/export.csv', contractor)).statusCode).toBe(403);
      expect((await req('GET', '/api/v1/transactions/export.csv')).statusCode).toBe(401);
      const bad = await req('GET', '/api/v1/transactions/export.csv?from=yesterday', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([issue('from', m.taxDateInvalid)]);
    });
  });
});
