import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionLedgerOut } from '@meltway/shared/payments/commission.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { actorOf, createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder, type FixtureBuyer } from '../../test/order-read-fixtures.js';

const buyerOf = (s: Session): FixtureBuyer => ({ id: s.user.id, fullname: s.user.fullname, email: s.user.email, role: 'contractor' });

describe('a dealer’s commission', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, secondContractor: Session, otherContractor: Session, customer: Session;
  const o: Record<string, { id: string; number: string }> = {};
  const req = requester(() => t);
  const ledger = async (dealerId: string, query: string, s: Session) => {
    const res = await req('GET', `/api/v1/dealers/${dealerId}/commission?${query}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CommissionLedgerOut;
  };
  const lines = (l: CommissionLedgerOut) => l.items.map((e) => `${e.orderNumber} ${e.kind} ${e.amountCents}`);

  beforeAll(async () => {
    // Mid-March in Toronto: "this month" is March.
    t = await createTestApp({ clock: () => new Date('2026-03-15T16:00:00Z') });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Northern Heat Supply' });
    otherDealer = await actorOf(t, 'dealer', { fullname: 'Prairie Snowmelt Co.' });
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Connor Contractor' });
    secondContractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Warm Walks Inc.' });
    otherContractor = await actorOf(t, 'contractor', { dealerId: otherDealer.user.id, fullname: 'Olive Other' });
    customer = await actorOf(t, 'customer');
    // Each order: goods 90,000 cents (2 mats at 450.00), 2,500 shipping, 13% HST: total 104,525. Accrual a minute after the order.
    // 23:30 on 28 February in Toronto.
    o.february = await insertOrder(t, { buyer: buyerOf(contractor), dealerId: dealer.user.id, commissionPercent: 10, createdAt: new Date('2026-03-01T04:30:00Z') });
    o.refunded = await insertOrder(t, {
      buyer: buyerOf(contractor), dealerId: dealer.user.id, commissionPercent: 10, createdAt: new Date('2026-03-10T15:00:00Z'),
      refunds: [{ amountCents: 2_000, at: new Date('2026-03-11T15:00:00Z') }],
    });
    // 23:30 on 31 March in Toronto: still March.
    o.lastNight = await insertOrder(t, { buyer: buyerOf(secondContractor), dealerId: dealer.user.id, commissionPercent: 10, createdAt: new Date('2026-04-01T03:30:00Z') });
    o.other = await insertOrder(t, { buyer: buyerOf(otherContractor), dealerId: otherDealer.user.id, commissionPercent: 8, createdAt: new Date('2026-03-12T15:00:00Z') });
  });
  afterAll(() => t.close());

  describe('GET /api/v1/dealers/:dealerId/commission', () => {
    it('shows the dealer its ledger newest first, accruals and refund reversals, with the balance', async () => {
      const own = await ledger(dealer.user.id, '', dealer);
      // The refund of 2,000 of 104,525 takes back 172 of the 9,000 accrued.
      expect(lines(own)).toEqual([`${o.lastNight!.number} accrual 9000`, `${o.refunded!.number} reversal -172`, `${o.refunded!.number} accrual 9000`, `${o.february!.number} accrual 9000`]);
      expect(own).toMatchObject({ dealer: { id: dealer.user.id, name: 'Northern Heat Supply', percent: 10 }, total: 4, balanceCents: 26_828 });
      expect(own.items[1]).toEqual({
        id: expect.any(String),
        kind: 'reversal',
        orderId: o.refunded!.id,
        orderNumber: o.refunded!.number,
        contractorName: 'Connor Contractor',
        baseCents: -1_722,
        percent: 10,
        amountCents: -172,
        created_at: '2026-03-11T15:00:00.000Z',
      });
      expect(await ledger(dealer.user.id, '', admin)).toEqual(own);
      expect(await ledger(otherDealer.user.id, '', admin)).toMatchObject({ total: 1, balanceCents: 7_200, dealer: { name: 'Prairie Snowmelt Co.' } });
    });

    it('narrows to a month in Eastern time, and pages', async () => {
      const march = await ledger(dealer.user.id, 'month=2026-03', dealer);
      expect(lines(march)).toEqual([`${o.lastNight!.number} accrual 9000`, `${o.refunded!.number} reversal -172`, `${o.refunded!.number} accrual 9000`]);
      expect(march.balanceCents).toBe(17_828);
      expect(lines(await ledger(dealer.user.id, 'month=2026-02', dealer))).toEqual([`${o.february!.number} accrual 9000`]);
      expect(await ledger(dealer.user.id, 'month=2026-05', dealer)).toMatchObject({ items: [], total: 0, balanceCents: 0 });
      const second = await ledger(dealer.user.id, 'pageSize=2&page=2', dealer);
      expect(second).toMatchObject({ total: 4, balanceCents: 26_828 });
      expect(lines(second)).toEqual([`${o.refunded!.number} accrual 9000`, `${o.february!.number} accrual 9000`]);
    });

    it('is 404 for another dealer and for anyone who is not a dealer, 403 for other roles, 401 signed out', async () => {
      for (const [id, s] of [[dealer.user.id, otherDealer], [otherDealer.user.id, dealer], [contractor.user.id, admin], [MISSING, admin]] as const) {
        const res = await req('GET', `/api/v1/dealers/${id}/commission`, s);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('accounts.userNotFound');
      }
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission`, contractor)).statusCode).toBe(403);
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission`, customer)).statusCode).toBe(403);
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission`)).statusCode).toBe(401);
    });

    it('refuses a month that is not YYYY-MM, and a bad id', async () => {
      const res = await req('GET', `/api/v1/dealers/${dealer.user.id}/commission?month=2026-3`, dealer);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([issue('month', m.monthInvalid)]);
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission?month=2026-13`, dealer)).statusCode).toBe(400);
      expect((await req('GET', '/api/v1/dealers/nobody/commission', admin)).statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/dealers/:dealerId/commission/statement.pdf', () => {
    const statement = async (query: string, s: Session, dealerId = dealer.user.id) => {
      const res = await req('GET', `/api/v1/dealers/${dealerId}/commission/statement.pdf?${query}`, s);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return { res, ...(await pdfText(res.rawPayload)) };
    };

    it('lists the month’s entries with the dealer, its rate and the month’s totals', async () => {
      const { res, pageCount, pages } = await statement('month=2026-03', dealer);
      expect(res.headers['content-disposition']).toBe('attachment; filename="commission-statement-2026-03.pdf"');
      expect(pageCount).toBe(1);
      const text = pages[0]!;
      expect(text).toEqual(
        expect.arrayContaining([
          'Commission statement',
          'Dealer: Northern Heat Supply',
          'Month: March 2026',
          'Commission rate today: 10%',
          // 23:30 on 31 March in Toronto is the last entry of March.
          '2026-03-31', o.lastNight!.number, 'Warm Walks Inc.', 'Earned', '$900.00', '10%', '$90.00',
          '2026-03-11', o.refunded!.number, 'Connor Contractor', 'Refund reversal', '-$17.22', '-$1.72',
          'Earned', '$180.00',
          'Reversed for refunds', '-$1.72',
          'Net commission for the month', '$178.28',
          'Page 1 of 1',
        ]),
      );
      expect(text).not.toContain(o.february!.number);
    });

    it('is in French when asked, for this month when no month is given, and says when a month is empty', async () => {
      const { res, pages } = await statement('locale=fr', admin);
      expect(res.headers['content-disposition']).toBe('attachment; filename="releve-commissions-2026-03.pdf"');
      expect(pages[0]).toEqual(expect.arrayContaining(['Relevé de commissions', 'Mois\u00a0: mars 2026', 'Taux de commission actuel\u00a0: 10\u00a0%', 'Commission nette du mois', '178,28\u00a0$']));
      const empty = await statement('month=2025-12', dealer);
      expect(empty.pages[0]).toEqual(expect.arrayContaining(['No commission entries this month.', 'Net commission for the month', '$0.00']));
    });

    it('is for admins and that dealer only, and refuses a bad month', async () => {
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission/statement.pdf?month=2026-03`, otherDealer)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission/statement.pdf?month=2026-03`, contractor)).statusCode).toBe(403);
      expect((await req('GET', `/api/v1/dealers/${dealer.user.id}/commission/statement.pdf?month=2026-03`)).statusCode).toBe(401);
      const bad = await req('GET', `/api/v1/dealers/${dealer.user.id}/commission/statement.pdf?month=March&locale=de`, dealer);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['locale', 'month']);
    });
  });
});
