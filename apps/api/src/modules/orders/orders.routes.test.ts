import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { OrderOut, OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { actorOf, createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder, type FixtureBuyer } from '../../test/order-read-fixtures.js';
import type { Language } from '@meltway/shared/common/language';

type List = { items: OrderSummaryOut[]; total: number };

const buyerOf = (s: Session, role: string): FixtureBuyer => ({ id: s.user.id, fullname: s.user.fullname, email: s.user.email, role });

describe('reading orders', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, otherContractor: Session, customer: Session;
  /** Orders by name: see beforeAll. */
  const o: Record<string, { id: string; number: string }> = {};
  const req = requester(() => t);
  const list = async (query: string, s: Session) => {
    const res = await req('GET', `/api/v1/orders?${query}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as List;
  };
  const numbers = (l: List) => l.items.map((i) => i.number);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Northern Heat Supply' });
    otherDealer = await actorOf(t, 'dealer', { fullname: 'Prairie Snowmelt Co.' });
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Connor Contractor' });
    otherContractor = await actorOf(t, 'contractor', { dealerId: otherDealer.user.id, fullname: 'Olive Other' });
    customer = await actorOf(t, 'customer', { fullname: 'Casey Customer' });

    // Oldest first; 04:30 UTC on 1 March is still 28 February in Toronto.
    o.contractorPaid = await insertOrder(t, {
      buyer: buyerOf(contractor, 'contractor'), dealerId: dealer.user.id, commissionPercent: 10, createdAt: new Date('2026-03-01T04:30:00Z'),
      lines: [{ name: 'Heated mat 0.6 x 3 m', sku: 'MAT-3', unitPriceCents: 45_000, quantity: 2 }, { name: 'Snow sensor', sku: 'SNS-1', unitPriceCents: 12_000, quantity: 1 }],
      coupon: { code: 'WINTER10', percent: 10 }, refunds: [{ amountCents: 5_000, reason: 'Sensor returned' }],
    });
    o.dealerOwn = await insertOrder(t, { buyer: buyerOf(dealer, 'dealer'), dealerId: dealer.user.id, paymentMethod: 'account', createdAt: new Date('2026-03-01T05:30:00Z') });
    o.otherPaid = await insertOrder(t, { buyer: buyerOf(otherContractor, 'contractor'), dealerId: otherDealer.user.id, commissionPercent: 8, createdAt: new Date('2026-03-05T15:00:00Z') });
    o.customerPending = await insertOrder(t, { buyer: buyerOf(customer, 'customer'), status: 'pending_payment', createdAt: new Date('2026-03-09T15:00:00Z') });
    o.customerCancelled = await insertOrder(t, { buyer: buyerOf(customer, 'customer'), status: 'cancelled', createdAt: new Date('2026-03-10T15:00:00Z') });
    o.guestFrench = await insertOrder(t, {
      buyer: { id: null, fullname: 'Élise, "la" Tremblay', email: 'elise@example.com', role: null }, locale: 'fr', createdAt: new Date('2026-04-02T15:00:00Z'),
      address: { province: 'QC', city: 'Montréal', postalCode: 'H2X 1Y4' },
      rates: [{ code: 'GST', rate: 5, appliesToShipping: true }, { code: 'QST', rate: 9.975, appliesToShipping: true }],
      lines: [{ name: 'Câble chauffant 41 W/m, 20 m', sku: 'CBL-20', unitPriceCents: 89_900, quantity: 1 }],
    });
  });
  afterAll(() => t.close());

  describe('GET /api/v1/orders', () => {
    it('answers each reader its own part, newest first: admins all, a dealer its own and its contractors’, anyone else their own', async () => {
      const all = await list('', admin);
      expect(all.total).toBe(6);
      expect(numbers(all)).toEqual(['guestFrench', 'customerCancelled', 'customerPending', 'otherPaid', 'dealerOwn', 'contractorPaid'].map((k) => o[k]!.number));
      expect(numbers(await list('', dealer))).toEqual([o.dealerOwn!.number, o.contractorPaid!.number]);
      expect(numbers(await list('', otherDealer))).toEqual([o.otherPaid!.number]);
      expect(numbers(await list('', contractor))).toEqual([o.contractorPaid!.number]);
      expect(numbers(await list('', otherContractor))).toEqual([o.otherPaid!.number]);
      expect(numbers(await list('', customer))).toEqual([o.customerCancelled!.number, o.customerPending!.number]);
    });

    it('sums up each order: buyer, dealer, items, payment and money', async () => {
      const [summary] = (await list(`q=${o.contractorPaid!.number}`, dealer)).items;
      expect(summary).toEqual({
        id: o.contractorPaid!.id,
        number: o.contractorPaid!.number,
        status: 'paid',
        created_at: '2026-03-01T04:30:00.000Z',
        buyerName: 'Connor Contractor',
        buyerEmail: contractor.user.email,
        buyerRole: 'contractor',
        dealerName: 'Northern Heat Supply',
        itemCount: 3,
        paymentMethod: 'card',
        // 102,000 less 10% (10,200) plus 2,500 shipping, plus 13% HST of 94,300 (12,259)
        totalCents: 106_559,
        refundedCents: 5_000,
      });
    });

    it('filters by status, buyer, number, dealer and Eastern-time days, inside the reader’s scope', async () => {
      expect(numbers(await list('status=paid', admin))).toEqual([o.guestFrench!.number, o.otherPaid!.number, o.contractorPaid!.number]);
      expect(numbers(await list('buyer=ELISE@', admin))).toEqual([o.guestFrench!.number]);
      expect(numbers(await list('buyer=connor', admin))).toEqual([o.contractorPaid!.number]);
      expect(numbers(await list('buyer=connor', otherDealer))).toEqual([]);
      expect(numbers(await list(`dealerId=${dealer.user.id}`, admin))).toEqual([o.dealerOwn!.number, o.contractorPaid!.number]);
      // The contractor details page: that contractor's orders, for an admin and for its dealer.
      expect(numbers(await list(`buyerId=${contractor.user.id}`, admin))).toEqual([o.contractorPaid!.number]);
      expect(numbers(await list(`buyerId=${contractor.user.id}`, dealer))).toEqual([o.contractorPaid!.number]);
      expect(await list(`buyerId=${contractor.user.id}`, otherDealer)).toEqual({ items: [], total: 0 });
      expect(await list(`dealerId=${dealer.user.id}`, otherDealer)).toEqual({ items: [], total: 0 });
      expect(await list(`buyerId=${customer.user.id}`, contractor)).toEqual({ items: [], total: 0 });
      // 2026-03-01T04:30Z is 28 February in Toronto; 05:30Z is 1 March.
      expect(numbers(await list('to=2026-02-28', admin))).toEqual([o.contractorPaid!.number]);
      expect(numbers(await list('from=2026-03-01&to=2026-03-05', admin))).toEqual([o.otherPaid!.number, o.dealerOwn!.number]);
      const paged = await list('status=paid&pageSize=2&page=2', admin);
      expect(paged).toMatchObject({ total: 3, items: [{ number: o.contractorPaid!.number }] });
    });

    it('pages the default list and counts it', async () => {
      const first = await list('pageSize=4', admin);
      const second = await list('pageSize=4&page=2', admin);
      expect(first.total).toBe(6);
      expect([...numbers(first), ...numbers(second)]).toEqual(numbers(await list('pageSize=50', admin)));
      expect((await list('page=3&pageSize=4', admin)).items).toEqual([]);
    });

    it('sorts by total, status or date either way, id breaking ties, and pages the sorted list', async () => {
      const all = (await list('pageSize=50', admin)).items as { number: string; totalCents: number; status: string; created_at: string }[];
      const byTotal = (await list('pageSize=50&sort=total&order=asc', admin)).items as typeof all;
      expect(byTotal.map((i) => i.totalCents)).toEqual(all.map((i) => i.totalCents).sort((a, b) => a - b));
      const desc = (await list('pageSize=50&sort=total&order=desc', admin)).items as typeof all;
      expect(desc.map((i) => i.totalCents)).toEqual(all.map((i) => i.totalCents).sort((a, b) => b - a));
      const byStatus = (await list('pageSize=50&sort=status', admin)).items as typeof all;
      expect(new Set(byStatus.map((i) => i.number))).toEqual(new Set(all.map((i) => i.number)));
      const oldest = (await list('pageSize=50&sort=created_at&order=asc', admin)).items as typeof all;
      expect(oldest.map((i) => i.number)).toEqual([...all].reverse().map((i) => i.number));
      const first = await list('pageSize=4&sort=total&order=asc', admin);
      const second = await list('pageSize=4&page=2&sort=total&order=asc', admin);
      expect(first.total).toBe(all.length);
      expect([...numbers(first), ...numbers(second)]).toEqual(byTotal.map((i) => i.number));
      const bad = await req('GET', '/api/v1/orders?sort=buyer&order=up', admin);
      expect(bad.statusCode).toBe(400);
      expect((bad.json().issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['order', 'sort']);
    });

    it('refuses bad filters with the field named, and anyone not signed in', async () => {
      const bad = await req('GET', '/api/v1/orders?page=0&status=lost&from=2026-13-01', admin);
      expect(bad.statusCode).toBe(400);
      const issues = bad.json().issues as { path: string; code: string }[];
      expect(issues.map((i) => i.path).sort()).toEqual(['from', 'page', 'status']);
      expect(issues.find((i) => i.path === 'from')).toEqual(issue('from', m.taxDateInvalid));
      expect((await req('GET', '/api/v1/orders?buyer=a%00b', admin)).json().issues[0].path).toBe('buyer');
      expect((await req('GET', '/api/v1/orders')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/orders/:id', () => {
    it('answers the order with lines, taxes, totals and timeline to admins, its buyer and its dealer', async () => {
      for (const s of [admin, contractor, dealer]) {
        const res = await req('GET', `/api/v1/orders/${o.contractorPaid!.id}`, s);
        expect(res.statusCode).toBe(200);
        const order = res.json() as OrderOut;
        expect(order).toMatchObject({
          number: o.contractorPaid!.number,
          status: 'paid',
          subtotalCents: 102_000,
          discountCents: 10_200,
          shippingCents: 2_500,
          taxes: [{ code: 'HST', rate: 13, amountCents: 12_259 }],
          totalCents: 106_559,
          dealer: { id: dealer.user.id, name: 'Northern Heat Supply' },
          coupon: { code: 'WINTER10', discountPercent: 10, categoryName: null, categoryNameFr: null },
        });
        expect(order.lines.map((l) => l.sku)).toEqual(['MAT-3', 'SNS-1']);
        expect(order.timeline.map((e) => e.action)).toEqual(['place', 'pay', 'refund']);
      }
    });

    it('is 404 for anyone else, and for an order that does not exist', async () => {
      for (const s of [otherDealer, customer, otherContractor]) {
        const res = await req('GET', `/api/v1/orders/${o.contractorPaid!.id}`, s);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'commerce.orderNotFound' });
      }
      expect((await req('GET', `/api/v1/orders/${MISSING}`, admin)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/orders/not-an-id', admin)).statusCode).toBe(400);
      expect((await req('GET', `/api/v1/orders/${o.contractorPaid!.id}`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/orders/export.csv', () => {
    const csv = async (query: string, s: Session) => {
      const res = await req('GET', `/api/v1/orders/export.csv?${query}`, s);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    it('exports the whole filtered list, newest first, with amounts in dollars and cells escaped', async () => {
      const res = await csv('', admin);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('number,created_at,status,buyer_name,buyer_email,buyer_role,dealer,payment_method,items,subtotal_cad,discount_cad,shipping_cad,tax_cad,total_cad,refunded_cad,coupon,province,country');
      expect(lines).toHaveLength(7);
      expect(lines[1]).toBe(`${o.guestFrench!.number},2026-04-02T15:00:00.000Z,paid,"Élise, ""la"" Tremblay",elise@example.com,,,card,1,899.00,0.00,25.00,138.37,1062.37,0.00,,QC,CA`);
      expect(lines[6]).toBe(
        `${o.contractorPaid!.number},2026-03-01T04:30:00.000Z,paid,Connor Contractor,${contractor.user.email},contractor,Northern Heat Supply,card,3,1020.00,102.00,25.00,122.59,1065.59,50.00,WINTER10,ON,CA`,
      );
      const paid = (await csv('status=paid&buyer=connor', admin)).body.trimEnd().split('\r\n');
      expect(paid.slice(1).map((l) => l.split(',')[0])).toEqual([o.contractorPaid!.number]);
    });

    it('takes the sort of the list', async () => {
      const byTotal = numbers(await list('pageSize=50&sort=total&order=asc', admin));
      const rows = (await csv('sort=total&order=asc', admin)).body.trimEnd().split('\r\n').slice(1);
      expect(rows.map((l) => l.split(',')[0])).toEqual(byTotal);
      expect(rows.map((l) => l.split(',')[0])).not.toEqual(numbers(await list('pageSize=50', admin)));
    });

    it('holds a dealer to its own orders, and is for staff only', async () => {
      const rows = (await csv('', dealer)).body.trimEnd().split('\r\n').slice(1);
      expect(rows.map((l) => l.split(',')[0])).toEqual([o.dealerOwn!.number, o.contractorPaid!.number]);
      expect((await csv(`dealerId=${dealer.user.id}`, otherDealer)).body.trimEnd().split('\r\n')).toHaveLength(1);
      expect((await req('GET', '/api/v1/orders/export.csv', contractor)).statusCode).toBe(403);
      expect((await req('GET', '/api/v1/orders/export.csv', customer)).statusCode).toBe(403);
      expect((await req('GET', '/api/v1/orders/export.csv')).statusCode).toBe(401);
      const bad = await req('GET', '/api/v1/orders/export.csv?status=lost', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('status');
    });
  });

  describe('GET /api/v1/orders/:id/invoice.pdf', () => {
    const invoice = async (id: string, s: Session) => {
      const res = await req('GET', `/api/v1/orders/${id}/invoice.pdf`, s);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return { res, ...(await pdfText(res.rawPayload)) };
    };

    it('is an English invoice with the seller’s GST/HST number, the buyer, the lines, the tax line, the totals, the refund and the terms', async () => {
      const { res, pageCount, pages, title } = await invoice(o.contractorPaid!.id, contractor);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${o.contractorPaid!.number}.pdf"`);
      expect(pageCount).toBe(1);
      expect(title).toBe(`Invoice ${o.contractorPaid!.number}`);
      const text = pages[0]!;
      expect(text).toEqual(
        expect.arrayContaining([
          `Invoice ${o.contractorPaid!.number}`,
          'GST/HST registration no. 123456789 RT0001',
          'Date: February 28, 2026',
          'Connor Contractor',
          contractor.user.email,
          'MAT-3', 'Heated mat 0.6 x 3 m', '2', '$450.00', '$900.00',
          'SNS-1', 'Snow sensor', '$120.00',
          'Subtotal', '$1,020.00',
          'WINTER10: 10% off', '-$102.00',
          'Shipping (standard)', '$25.00',
          'HST 13%', '$122.59',
          'Total (CAD)', '$1,065.59',
          'Refunded', '-$50.00',
          'Total after refunds', '$1,015.59',
          'Paid by card.',
        ]),
      );
      expect(text.some((l) => /: \$50\.00 \(Sensor returned\)$/.test(l))).toBe(true);
      expect(text).not.toContain('QST registration no. 1234567890 TQ0001');
    });

    it('is in French for an order placed in French, with GST and QST on their own lines and the QST number', async () => {
      const { res, pages } = await invoice(o.guestFrench!.id, admin);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="facture-${o.guestFrench!.number}.pdf"`);
      const text = pages[0]!;
      expect(text).toEqual(
        expect.arrayContaining([
          `Facture ${o.guestFrench!.number}`,
          'N° d’inscription TPS/TVH 123456789 RT0001',
          'N° d’inscription TVQ 1234567890 TQ0001',
          'Date\u00a0: 2 avril 2026',
          'Élise, "la" Tremblay',
          'Câble chauffant 41 W/m, 20 m',
          'Sous-total', '899,00\u00a0$',
          'Livraison (standard)', '25,00\u00a0$',
          'TPS 5\u00a0%', '46,20\u00a0$',
          'TVQ 9,975\u00a0%', '92,17\u00a0$',
          'Total (CAD)', '1\u00a0062,37\u00a0$',
          'Payée par carte.',
          'Page 1 sur 1',
        ]),
      );
    });

    it('gives the on-account terms, and runs long orders onto more pages with the table header repeated', async () => {
      const lines = Array.from({ length: 70 }, (_, i) => ({ name: `Mat ${i + 1} with a name long enough to wrap onto a second line of its cell in the table`, unitPriceCents: 1_000, quantity: 1 }));
      const long = await insertOrder(t, { buyer: buyerOf(dealer, 'dealer'), dealerId: dealer.user.id, paymentMethod: 'account', lines, createdAt: new Date('2026-05-01T15:00:00Z') });
      const { pageCount, pages } = await invoice(long.id, dealer);
      expect(pageCount).toBeGreaterThan(1);
      expect(pages.every((p) => p.includes('SKU') && p.includes('Amount'))).toBe(true);
      expect(pages.at(-1)).toEqual(expect.arrayContaining(['Net 30, on account: payment due May 31, 2026.', `Page ${pageCount} of ${pageCount}`]));
      expect(pages.flat().filter((l) => /^Mat \d+ with a name/.test(l))).toHaveLength(70);
    });

    it('names what the coupon covered: its category, in French where the category has a French name', async () => {
      const placed = (category: { name: string; nameFr: string | null }, locale: Language) =>
        insertOrder(t, { buyer: buyerOf(customer, 'customer'), locale, coupon: { code: 'WINTER25', percent: 25, category } });
      const mats = { name: 'Mats', nameFr: 'Tapis chauffants' };
      const fr = await placed(mats, 'fr');
      expect((await req('GET', `/api/v1/orders/${fr.id}`, customer)).json().coupon).toEqual({ code: 'WINTER25', discountPercent: 25, categoryName: 'Mats', categoryNameFr: 'Tapis chauffants' });
      expect((await invoice(fr.id, customer)).pages[0]).toEqual(expect.arrayContaining(['WINTER25\u00a0: 25\u00a0% de rabais sur la catégorie Tapis chauffants', '-225,00\u00a0$']));
      const en = await placed(mats, 'en');
      expect((await invoice(en.id, customer)).pages[0]).toEqual(expect.arrayContaining(['WINTER25: 25% off Mats', '-$225.00']));
      // A category without a French name is named in English on a French invoice.
      const noFrench = await placed({ name: 'Sensors', nameFr: null }, 'fr');
      expect((await invoice(noFrench.id, customer)).pages[0]).toContain('WINTER25\u00a0: 25\u00a0% de rabais sur la catégorie Sensors');
    });

    it('draws characters outside the PDF font as "?" rather than failing', async () => {
      const odd = await insertOrder(t, { buyer: buyerOf(customer, 'customer'), lines: [{ name: 'Mat ☃ 雪 – “quoted”', unitPriceCents: 1_000, quantity: 1 }] });
      const { pages } = await invoice(odd.id, customer);
      expect(pages[0]).toContain('Mat ? ? – “quoted”');
    });

    it('is 404 for anyone who may not see the order', async () => {
      for (const s of [otherDealer, customer]) expect((await req('GET', `/api/v1/orders/${o.contractorPaid!.id}/invoice.pdf`, s)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/orders/${MISSING}/invoice.pdf`, admin)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/orders/${o.contractorPaid!.id}/invoice.pdf`)).statusCode).toBe(401);
    });
  });
});
