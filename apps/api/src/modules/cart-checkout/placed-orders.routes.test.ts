import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionLedgerOut } from '@meltway/shared/payments/commission.schema';
import type { OrderSummaryOut, PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import type { TransactionOut } from '@meltway/shared/payments/transaction.schema';
import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { addToCart, address, guestEmail, makeCoupon, placeAs, setCreditLimit } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, requester, type Session, type TestApp } from '../../test/harness.js';

/** Orders placed through the API, read back by every reader: lists, the order, its invoice, the money and the commission. */
describe('reading orders placed through the API', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  let onAccount: PlacedOrderOut, guest: PlacedOrderOut, byCard: PlacedOrderOut;
  let matName: string;
  const req = requester(() => t);
  const get = async <T>(url: string, s: Session) => {
    const res = await req('GET', url, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const place = async (s: Session | undefined, body: unknown) => {
    const res = await placeAs(t, s, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PlacedOrderOut;
  };
  const numbers = (l: { items: OrderSummaryOut[] }) => l.items.map((i) => i.number);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Northern Heat Supply' });
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Connor Contractor' });
    customer = await actorOf(t, 'customer');
    const cat = await makeCategory(t, admin.auth);
    const mat = await makeProduct(t, admin.auth, cat.id, { price: 22_900, stock: 100, nameFr: 'Tapis de déneigement 240 V' });
    matName = mat.name;

    // The contractor, on account, in French, to Quebec, with 10% off.
    await setCreditLimit(t, admin, contractor.user.id, 1_000_000);
    await addToCart(t, contractor, mat.id, 2);
    const coupon = await makeCoupon(t, { discountPercent: 10 });
    onAccount = await place(contractor, { shippingAddress: address('QC'), paymentMethod: 'account', couponCode: coupon.code, locale: 'fr' });
    // A guest and a customer, by card: waiting for the payment.
    guest = await place(undefined, { items: [{ productId: mat.id, quantity: 1 }], shippingAddress: address('ON'), email: guestEmail() });
    await addToCart(t, customer, mat.id, 3);
    byCard = await place(customer, { shippingAddress: address('BC') });
  });
  afterAll(() => t.close());

  it('lists each placed order to its readers, summed up as placed', async () => {
    expect(numbers(await get('/api/v1/orders', admin))).toEqual([byCard.number, guest.number, onAccount.number]);
    expect(numbers(await get('/api/v1/orders', dealer))).toEqual([onAccount.number]);
    expect(numbers(await get('/api/v1/orders', otherDealer))).toEqual([]);
    expect(numbers(await get('/api/v1/orders', customer))).toEqual([byCard.number]);
    const [summary] = (await get<{ items: OrderSummaryOut[] }>('/api/v1/orders', contractor)).items;
    expect(summary).toEqual({
      id: onAccount.id,
      number: onAccount.number,
      status: 'on_account',
      created_at: onAccount.created_at,
      buyerName: 'Connor Contractor',
      buyerEmail: contractor.user.email,
      buyerRole: 'contractor',
      dealerName: 'Northern Heat Supply',
      itemCount: 2,
      paymentMethod: 'account',
      totalCents: onAccount.totalCents,
      refundedCents: 0,
    });
  });

  it('answers the order as placement answered it', async () => {
    // Each line keeps the product's names, English and French, as they were when the order was placed.
    expect(onAccount.lines).toMatchObject([{ name: matName, nameFr: 'Tapis de déneigement 240 V', quantity: 2 }]);
    const { payment: _payment, ...placed } = onAccount;
    expect(await get(`/api/v1/orders/${onAccount.id}`, dealer)).toEqual({ ...placed, actions: expect.any(Array) });
    expect((await req('GET', `/api/v1/orders/${onAccount.id}`, otherDealer)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/orders/${byCard.id}`, contractor)).statusCode).toBe(404);
  });

  it('invoices the on-account order in French with its GST and QST lines and net 30 terms', async () => {
    const res = await req('GET', `/api/v1/orders/${onAccount.id}/invoice.pdf`, contractor);
    expect(res.statusCode).toBe(200);
    const { pages } = await pdfText(res.rawPayload);
    const money = (cents: number) => new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
    const [gst, qst] = onAccount.taxes;
    // 458.00 less 10%: 412.20; shipping 25.00; GST 5% and QST 9.975% of 437.20.
    expect(onAccount.taxes).toEqual([{ code: 'GST', rate: 5, amountCents: 2_186 }, { code: 'QST', rate: 9.975, amountCents: 4_361 }]);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        `Facture ${onAccount.number}`,
        'N° d’inscription TVQ 1234567890 TQ0001',
        'TPS 5\u00a0%', money(gst!.amountCents),
        'TVQ 9,975\u00a0%', money(qst!.amountCents),
        'Total (CAD)', money(onAccount.totalCents),
        'Tapis de déneigement 240 V',
        expect.stringMatching(/^Net 30 jours, porté au compte : paiement dû le \d{1,2} \S+ \d{4}\.$/),
      ]),
    );
    expect(pages.flat()).not.toContain(matName);
  });

  it('shows the on-account charge to the dealer, its commission, and this month’s figures', async () => {
    const money = await get<{ items: TransactionOut[] }>('/api/v1/transactions', dealer);
    expect(money.items).toMatchObject([{ kind: 'account_charge', provider: 'account', providerRef: onAccount.number, amountCents: onAccount.totalCents, orderId: onAccount.id }]);
    // Card orders waiting for their payment have moved no money yet.
    expect((await get<{ total: number }>('/api/v1/transactions', admin)).total).toBe(1);
    const ledger = await get<CommissionLedgerOut>(`/api/v1/dealers/${dealer.user.id}/commission`, dealer);
    expect(ledger).toMatchObject({ total: 1, balanceCents: 4_122, items: [{ kind: 'accrual', orderNumber: onAccount.number, contractorName: 'Connor Contractor', baseCents: 41_220, amountCents: 4_122 }] });
    expect(await get<DashboardStats>('/api/v1/dashboard/stats', dealer)).toMatchObject({ ordersThisMonth: 1, revenueThisMonth: 41_220, commissionThisMonth: 4_122 });
    expect(await get<DashboardStats>('/api/v1/dashboard/stats', admin)).toMatchObject({ ordersThisMonth: 1, revenueThisMonth: 41_220, commissionThisMonth: null });
  });

  it('exports them all to an admin', async () => {
    const rows = (await req('GET', '/api/v1/orders/export.csv', admin)).body.trimEnd().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual([byCard.number, guest.number, onAccount.number]);
    expect(rows[2]).toContain(',on_account,Connor Contractor,');
  });
});
