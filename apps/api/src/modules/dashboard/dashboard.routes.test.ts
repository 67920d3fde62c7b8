import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import { actorOf, createTestApp, requester, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder, type FixtureBuyer } from '../../test/order-read-fixtures.js';

const buyerOf = (s: Session, role: string): FixtureBuyer => ({ id: s.user.id, fullname: s.user.fullname, email: s.user.email, role });

/** The home figures that come from orders: this month in Eastern time, scoped for a dealer. */
describe('GET /api/v1/dashboard/stats: orders, revenue and commission this month', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, customer: Session;
  const req = requester(() => t);
  const stats = async (s: Session) => {
    const res = await req('GET', '/api/v1/dashboard/stats', s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardStats;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-03-15T16:00:00Z') });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    const otherContractor = await actorOf(t, 'contractor', { dealerId: otherDealer.user.id });
    customer = await actorOf(t, 'customer');
    // Goods of each: 90,000 cents; 2,500 shipping; 13% HST; total 104,525.
    const mine = { buyer: buyerOf(contractor, 'contractor'), dealerId: dealer.user.id, commissionPercent: 10 };
    await insertOrder(t, { ...mine, createdAt: new Date('2026-03-01T04:30:00Z') }); // 28 February in Toronto: not this month
    await insertOrder(t, { ...mine, createdAt: new Date('2026-03-01T05:30:00Z'), refunds: [{ amountCents: 2_000 }] });
    await insertOrder(t, { buyer: buyerOf(dealer, 'dealer'), dealerId: dealer.user.id, paymentMethod: 'account', createdAt: new Date('2026-03-05T15:00:00Z') });
    await insertOrder(t, { buyer: buyerOf(otherContractor, 'contractor'), dealerId: otherDealer.user.id, commissionPercent: 8, createdAt: new Date('2026-03-06T15:00:00Z') });
    // A customer's: one refunded in whole (counted, no revenue), one awaiting payment and one cancelled (neither counted).
    await insertOrder(t, { buyer: buyerOf(customer, 'customer'), status: 'refunded', createdAt: new Date('2026-03-07T15:00:00Z'), refunds: [{ amountCents: 104_525 }] });
    await insertOrder(t, { buyer: buyerOf(customer, 'customer'), status: 'pending_payment', createdAt: new Date('2026-03-08T15:00:00Z') });
    await insertOrder(t, { buyer: buyerOf(customer, 'customer'), status: 'cancelled', createdAt: new Date('2026-03-09T15:00:00Z') });
  });
  afterAll(() => t.close());

  it('counts every order that went through this month for admins, goods after discount net of refunds, and no commission', async () => {
    // 90,000 less the refund's share of the goods (2,000 x 90,000 / 104,525 = 1,722), plus 90,000 twice, plus 0.
    expect(await stats(admin)).toMatchObject({ ordersThisMonth: 4, revenueThisMonth: 268_278, commissionThisMonth: null });
  });

  it('counts a dealer’s own and its contractors’ orders, and its commission net of reversals', async () => {
    // 9,000 accrued on the March order, 172 reversed by its refund; the February one is last month's.
    expect(await stats(dealer)).toMatchObject({ ordersThisMonth: 2, revenueThisMonth: 178_278, commissionThisMonth: 8_828 });
    expect(await stats(otherDealer)).toMatchObject({ ordersThisMonth: 1, revenueThisMonth: 90_000, commissionThisMonth: 7_200 });
    expect((await req('GET', '/api/v1/dashboard/stats', customer)).statusCode).toBe(403);
  });
});
