import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { ORDER_NUMBER } from '@meltway/shared/orders/order.schema';
import { commissionEntries, couponRedemptions, orderEvents, orderLines, orders, transactions } from '../../db/schema/commerce.js';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import {
  addToCart,
  address,
  countOrders,
  countOutbox,
  couponRow,
  guestEmail,
  makeCoupon,
  placeAs,
  quoteAs,
  setCreditLimit,
  setStock,
  stockOf,
} from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, issue, onPostgres, type Session, type TestApp } from '../../test/harness.js';

type Product = Awaited<ReturnType<typeof makeProduct>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('POST /orders', () => {
  let t: TestApp;
  /** The app's clock runs this far ahead of real time (for the year of an order number). */
  let shift = 0;
  let admin: Session, customer: Session, dealer: Session, contractor: Session;
  let cat: { id: string };
  let mat: Product, sensor: Product;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(Date.now() + shift) });
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
    dealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    cat = await makeCategory(t, admin.auth);
    mat = await makeProduct(t, admin.auth, cat.id, { price: 22_900, stock: 1_000 });
    sensor = await makeProduct(t, admin.auth, cat.id, { price: 45_000, stock: 1_000, kind: 'sensor' });
  });
  afterAll(() => t.close());

  const guestBody = (lines: [Product, number][] = [[mat, 1]], extra: Record<string, unknown> = {}) => ({
    items: lines.map(([p, quantity]) => ({ productId: p.id, quantity })),
    shippingAddress: address('QC'),
    email: guestEmail(),
    ...extra,
  });
  const fresh = (values: Parameters<typeof makeProduct>[3] = {}) => makeProduct(t, admin.auth, cat.id, { price: 10_000, stock: 10, ...values });
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  describe('a guest paying by card', () => {
    it('places the order priced by the server, numbered from the sequence, holding its stock for 30 minutes', async () => {
      const product = await fresh({ price: 22_900, stock: 5 });
      const email = guestEmail().toUpperCase();
      const body = { ...guestBody([[product, 2]]), email, phone: '+1 418 555 0100', locale: 'fr', unitPriceCents: 1, totalCents: 1 };
      const quoted = (await quoteAs(t, undefined, body)).json();
      const outboxBefore = await countOutbox(t);
      const before = Date.now();
      const res = await placeAs(t, undefined, body);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      expect(order).toMatchObject({
        number: expect.stringMatching(ORDER_NUMBER),
        status: 'pending_payment',
        buyer: { id: null, name: 'Casey Buyer', email: email.toLowerCase(), role: null },
        dealer: null,
        phone: '14185550100',
        locale: 'fr',
        paymentMethod: 'card',
        paymentProvider: 'test',
        shippingAddress: address('QC'),
        shippingMethodId: 'standard',
        lines: quoted.lines,
        subtotalCents: 45_800,
        discountCents: 0,
        shippingCents: 2_500,
        taxes: quoted.taxes,
        totalCents: quoted.totalCents,
        refundedCents: 0,
        coupon: null,
        paymentDueAt: null,
        timeline: [{ action: 'place', fromStatus: null, toStatus: 'pending_payment', actorRole: 'buyer', actorName: null }],
        actions: [],
        payment: { provider: 'test', clientSecret: expect.stringMatching(/^test_pi_.+_secret_/), publishableKey: null },
      });
      expect(quoted.totalCents).toBe(45_800 + 2_500 + 2_415 + 4_818);
      expect(order.number.slice(3, 7)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));
      const held = Date.parse(order.stockHeldUntil) - before;
      expect(held).toBeGreaterThanOrEqual(30 * MINUTE);
      expect(held).toBeLessThan(31 * MINUTE);

      expect(await stockOf(t, product.id)).toBe(3);
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ taxCents: 2_415 + 4_818, paymentRef: order.payment.clientSecret.split('_secret_')[0], idempotencyKey: null, email: email.toLowerCase() });
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines).toMatchObject([{ position: 0, productId: product.id, categoryId: cat.id, quantity: 2, unitPriceCents: 22_900, lineTotalCents: 45_800 }]);

      // The mail is queued with the order, in the order's language, and leaves with the outbox.
      expect(await countOutbox(t)).toBe(outboxBefore + 1);
      await t.deliverOutbox();
      const [mail] = await t.mailsTo(email.toLowerCase());
      expect(mail).toContain(`votre commande ${order.number}`);
    });

    it('numbers orders one after the other, by the year of placement in Eastern time', async () => {
      const first = (await placeAs(t, undefined, guestBody())).json().number as string;
      const second = (await placeAs(t, undefined, guestBody())).json().number as string;
      expect(Number(second.slice(-6))).toBe(Number(first.slice(-6)) + 1);
      // 23:30 on New Year's Eve in Toronto is already January 1st in UTC.
      shift = Date.parse('2025-12-31T23:30:00-05:00') - Date.now();
      try {
        const late = (await placeAs(t, undefined, guestBody())).json().number as string;
        expect(late).toBe(`MW-2025-${String(Number(second.slice(-6)) + 1).padStart(6, '0')}`);
      } finally {
        shift = 0;
      }
    });

    it('needs an email and products', async () => {
      const noEmail = await placeAs(t, undefined, { ...guestBody(), email: undefined });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().issues).toEqual([issue('email', m.emailRequired)]);
      const badEmail = await placeAs(t, undefined, { ...guestBody(), email: 'not-an-email' });
      expect(badEmail.json().issues).toEqual([issue('email', m.emailInvalid)]);
      const noItems = await placeAs(t, undefined, { ...guestBody(), items: [] });
      expect(noItems.statusCode).toBe(400);
      expect(noItems.json().issues).toEqual([issue('items', m.guestItemsRequired)]);
      const badAddress = await placeAs(t, undefined, guestBody([[mat, 1]], { shippingAddress: { ...address('QC'), postalCode: 'nope' } }));
      expect(badAddress.json().issues).toEqual([issue('shippingAddress.postalCode', m.postalCodeInvalid)]);
    });

    it('cannot pay on account', async () => {
      const res = await placeAs(t, undefined, guestBody([[mat, 1]], { paymentMethod: 'account' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('commerce.accountNotAllowed');
    });
  });

  describe('stock', () => {
    it('refuses more than the stock, naming the product, and takes nothing', async () => {
      const scarce = await fresh({ stock: 3 });
      const scarceFr = await fresh({ stock: 3, nameFr: 'Tapis rare' });
      const orders = await countOrders(t);
      const res = await placeAs(t, undefined, guestBody([[mat, 1], [scarce, 4]]));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'commerce.lineNotEnoughStock', message: `Only 3 of ${scarce.name} left in stock`, params: { stock: 3, name: scarce.name } });
      expect(await stockOf(t, scarce.id)).toBe(3);
      expect(await countOrders(t)).toBe(orders);
      // Placed from a French page, the product is named in French.
      const fr = await placeAs(t, undefined, { ...guestBody([[scarceFr, 4]]), locale: 'fr' });
      expect(fr.statusCode).toBe(409);
      expect(fr.json()).toMatchObject({ code: 'commerce.lineNotEnoughStock', params: { stock: 3, name: 'Tapis rare' } });
    });

    it('adds up two lines of the same product before taking it', async () => {
      const scarce = await fresh({ stock: 3 });
      expect((await placeAs(t, undefined, guestBody([[scarce, 2], [scarce, 2]]))).statusCode).toBe(409);
      const ok = await placeAs(t, undefined, guestBody([[scarce, 1], [scarce, 2]]));
      expect(ok.json().lines).toMatchObject([{ productId: scarce.id, quantity: 3 }]);
      expect(await stockOf(t, scarce.id)).toBe(0);
    });

    it('refuses products no longer sold', async () => {
      const gone = await fresh();
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${gone.id}`, headers: admin.auth, payload: { active: false } });
      const res = await placeAs(t, undefined, guestBody([[gone, 1]]));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'commerce.productUnavailable', params: { name: gone.name } });
    });

    it('is backed by a check constraint: stock never goes below zero', async () => {
      const product = await fresh({ stock: 1 });
      const err = await setStock(t, product.id, -1).then(
        () => null,
        (e: { cause?: { constraint?: string }; constraint?: string }) => e,
      );
      expect((err?.cause ?? err)?.constraint).toBe('products_stock_not_negative');
    });
  });

  describe('a signed-in buyer', () => {
    it("places the server cart (never items sent), answers the buyer's order and empties the cart", async () => {
      const buyer = await actorOf(t, 'customer');
      await addToCart(t, buyer, mat.id, 1);
      await addToCart(t, buyer, sensor.id, 2);
      const res = await placeAs(t, buyer, { items: [{ productId: mat.id, quantity: 50 }], shippingAddress: address('ON'), email: 'someone@else.example' });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      expect(order).toMatchObject({
        buyer: { id: buyer.user.id, name: buyer.user.fullname, email: buyer.user.email, role: 'customer' },
        phone: '+1 4165550000',
        lines: [
          { productId: mat.id, quantity: 1 },
          { productId: sensor.id, quantity: 2 },
        ],
        subtotalCents: 22_900 + 90_000,
        timeline: [{ action: 'place', actorRole: 'buyer', actorName: buyer.user.fullname }],
        actions: ['cancel'],
      });
      const cart = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: buyer.auth })).json();
      expect(cart.items).toEqual([]);
      const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(event).toMatchObject({ actorRole: 'buyer', actorId: buyer.user.id, action: 'place' });
    });

    it('refuses an empty cart', async () => {
      const buyer = await actorOf(t, 'customer');
      const res = await placeAs(t, buyer, { shippingAddress: address('ON') });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('commerce.cartEmpty');
    });

    it("files a dealer's purchase under itself, and a contractor's under its dealer", async () => {
      await addToCart(t, dealer, mat.id, 1);
      const own = (await placeAs(t, dealer, { shippingAddress: address('ON') })).json();
      expect(own).toMatchObject({ dealer: { id: dealer.user.id, name: dealer.user.fullname }, buyer: { role: 'dealer' } });
      expect((await orderRow(own.id)).commissionPercent).toBeNull();
      await addToCart(t, contractor, mat.id, 1);
      const theirs = (await placeAs(t, contractor, { shippingAddress: address('ON') })).json();
      expect(theirs.dealer).toEqual({ id: dealer.user.id, name: dealer.user.fullname });
      expect((await orderRow(theirs.id)).commissionPercent).toBe(10);
    });
  });

  describe('paying on account', () => {
    it('places an approved trade account order at once: invoice due in 30 days, the charge and the commission recorded', async () => {
      const buyer = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      await setCreditLimit(t, admin, buyer.user.id, 1_000_000);
      await addToCart(t, buyer, mat.id, 2);
      const coupon = await makeCoupon(t, { discountPercent: 10 });
      const res = await placeAs(t, buyer, { shippingAddress: address('AB'), paymentMethod: 'account', couponCode: coupon.code });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json();
      // 458.00 - 45.80 = 412.20; + 25.00; GST 5% of 437.20 = 21.86.
      expect(order).toMatchObject({
        status: 'on_account',
        paymentMethod: 'account',
        paymentProvider: 'account',
        discountCents: 4_580,
        totalCents: 41_220 + 2_500 + 2_186,
        stockHeldUntil: null,
        payment: null,
        timeline: [{ toStatus: 'on_account' }],
      });
      const due = Date.parse(order.paymentDueAt) - Date.parse(order.created_at);
      expect(due).toBe(30 * DAY);
      const charges = await t.db.select().from(transactions).where(eq(transactions.orderId, order.id));
      expect(charges).toMatchObject([{ kind: 'account_charge', provider: 'account', providerRef: order.number, amountCents: order.totalCents }]);
      // The dealer's 10% of the goods after the discount, without tax or shipping.
      const commission = await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, order.id));
      expect(commission).toMatchObject([{ dealerId: dealer.user.id, kind: 'accrual', baseCents: 41_220, percent: 10, amountCents: 4_122 }]);
      const credit = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${buyer.user.id}/credit`, headers: buyer.auth })).json();
      expect(credit).toEqual({ userId: buyer.user.id, creditLimitCents: 1_000_000, owedCents: order.totalCents, availableCents: 1_000_000 - order.totalCents });
    });

    it('is only for dealers and contractors with credit', async () => {
      await addToCart(t, customer, mat.id, 1);
      const res = await placeAs(t, customer, { shippingAddress: address('ON'), paymentMethod: 'account' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'commerce.accountNotAllowed', message: m.accountNotAllowed });
      const noCredit = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      await addToCart(t, noCredit, mat.id, 1);
      expect((await placeAs(t, noCredit, { shippingAddress: address('ON'), paymentMethod: 'account' })).statusCode).toBe(403);
    });

    it('refuses an order over the credit left, saying how much is left', async () => {
      const buyer = await actorOf(t, 'dealer');
      await setCreditLimit(t, admin, buyer.user.id, 50_000);
      await addToCart(t, buyer, mat.id, 1);
      expect((await placeAs(t, buyer, { shippingAddress: address('ON'), paymentMethod: 'account' })).statusCode).toBe(201);
      await addToCart(t, buyer, mat.id, 1);
      const orders = await countOrders(t);
      const res = await placeAs(t, buyer, { shippingAddress: address('ON'), paymentMethod: 'account', locale: 'fr' });
      expect(res.statusCode).toBe(409);
      // 500.00 - 287.02 = 212.98 left, written the French way for a French page.
      expect(res.json()).toMatchObject({ code: 'commerce.creditLimitExceeded', params: { available: expect.stringMatching(/^212,98\s\$$/) } });
      expect(await countOrders(t)).toBe(orders);
    });

    it('never lets parallel orders pass the limit together', async () => {
      const buyer = await actorOf(t, 'dealer');
      // Room for three orders of 287.02, not four.
      await setCreditLimit(t, admin, buyer.user.id, 3 * 28_702 + 100);
      const product = await fresh({ price: 22_900, stock: 100 });
      await addToCart(t, buyer, product.id, 1);
      // Eight placements of the same cart at once, without an Idempotency-Key: each one read the cart
      // before the first emptied it is an order of 287.02 asked for, and checks the credit under its lock.
      const results = await Promise.all(Array.from({ length: 8 }, () => placeAs(t, buyer, { shippingAddress: address('ON'), paymentMethod: 'account' })));
      const codes = results.map((r) => (r.statusCode === 201 ? 'placed' : r.json().code));
      const placed = codes.filter((c) => c === 'placed').length;
      expect(placed).toBeGreaterThanOrEqual(1);
      expect(placed).toBeLessThanOrEqual(3);
      expect(codes.every((c) => ['placed', 'commerce.creditLimitExceeded', 'commerce.cartEmpty'].includes(c))).toBe(true);
      const credit = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${buyer.user.id}/credit`, headers: admin.auth })).json();
      expect(credit.owedCents).toBe(placed * 28_702);
      expect(credit.owedCents).toBeLessThanOrEqual(credit.creditLimitCents);
      expect(await stockOf(t, product.id)).toBe(100 - placed);
      const count = (code: string) => codes.filter((c) => c === code).length;
      process.stdout.write(
        `[credit, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] 8 parallel orders on account, room for 3: ${placed} placed, ${count('commerce.creditLimitExceeded')} over the limit, ${count('commerce.cartEmpty')} found the cart emptied\n`,
      );
    });
  });

  describe('coupons', () => {
    it('counts a use only when the order is placed, and a single-use coupon serves one order', async () => {
      const coupon = await makeCoupon(t, { code: `once-${Date.now()}`, usageLimit: 1, discountPercent: 20 });
      await quoteAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code }));
      expect((await couponRow(t, coupon.id)).usedCount).toBe(0);
      const first = await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code.toUpperCase() }));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ coupon: { code: coupon.code, discountPercent: 20 }, discountCents: 4_580 });
      expect((await couponRow(t, coupon.id)).usedCount).toBe(1);
      const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
      expect(redemptions).toMatchObject([{ orderId: first.json().id, buyerKey: expect.stringMatching(/^guest:guest-/) }]);

      const outbox = await countOutbox(t);
      const orders = await countOrders(t);
      const stock = await stockOf(t, mat.id);
      const second = await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code }));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: m.couponUsedUp, code: 'commerce.couponUsedUp', issues: [issue('couponCode', m.couponUsedUp)] });
      // Nothing of a refused order stays: no order, no stock taken, no mail queued.
      expect(await countOrders(t)).toBe(orders);
      expect(await stockOf(t, mat.id)).toBe(stock);
      expect(await countOutbox(t)).toBe(outbox);
    });

    it("limits uses per customer: by account, or by a guest's email", async () => {
      const coupon = await makeCoupon(t, { perCustomerLimit: 1 });
      const email = guestEmail();
      expect((await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code, email }))).statusCode).toBe(201);
      const again = await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code, email: email.toUpperCase() }));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('commerce.couponCustomerLimit');
      expect((await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: coupon.code }))).statusCode).toBe(201);

      const buyer = await actorOf(t, 'customer');
      await addToCart(t, buyer, mat.id, 1);
      const first = await placeAs(t, buyer, { shippingAddress: address('ON'), couponCode: coupon.code });
      expect(first.statusCode).toBe(201);
      // Paid, it stays (an unpaid one would be replaced by the next card order, and its coupon use given back).
      await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: first.json().id, clientSecret: first.json().payment.clientSecret } });
      await addToCart(t, buyer, mat.id, 1);
      expect((await placeAs(t, buyer, { shippingAddress: address('ON'), couponCode: coupon.code })).json().code).toBe('commerce.couponCustomerLimit');
      expect((await couponRow(t, coupon.id)).usedCount).toBe(3);
    });

    it('refuses a coupon that does not apply with a 400 on the field, and places nothing', async () => {
      const expired = await makeCoupon(t, { endsAt: new Date(Date.now() - 1000) });
      const category = await makeCoupon(t, { categoryId: (await makeCategory(t, admin.auth)).id });
      const minimum = await makeCoupon(t, { minSubtotalCents: 1_000_000 });
      const orders = await countOrders(t);
      for (const [code, message, params] of [
        ['NO-SUCH-CODE', m.couponNotFound, undefined],
        [expired.code, m.couponExpired, undefined],
        [category.code, m.couponCategory, { category: expect.any(String) }],
        [minimum.code, m.couponMinimum, { minimum: '$10,000.00' }],
      ] as const) {
        const res = await placeAs(t, undefined, guestBody([[mat, 1]], { couponCode: code }));
        expect(res.statusCode, code).toBe(400);
        expect(res.json().issues, code).toEqual([expect.objectContaining({ path: 'couponCode', code: `commerce.${Object.entries(m).find(([, v]) => v === message)![0]}`, ...(params ? { params } : {}) })]);
      }
      expect(await countOrders(t)).toBe(orders);
    });
  });

  describe('the Idempotency-Key', () => {
    it('answers a retry with the same order, and refuses the key for another body', async () => {
      const key = `retry-${Date.now()}`;
      const body = guestBody([[mat, 1]]);
      const orders = await countOrders(t);
      const first = await placeAs(t, undefined, body, key);
      expect(first.statusCode).toBe(201);
      const again = await placeAs(t, undefined, body, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      // The same card payment, as the provider keeps it by the order.
      expect(again.json().payment).toEqual(first.json().payment);
      expect(await countOrders(t)).toBe(orders + 1);
      expect((await orderRow(first.json().id)).idempotencyScope).toBe(`guest:${body.email}`);

      const other = await placeAs(t, undefined, { ...body, items: [{ productId: mat.id, quantity: 2 }] }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'commerce.idempotencyKeyReused', message: m.idempotencyKeyReused });
      // The key is the buyer's own: another buyer with the same key places its own order.
      expect((await placeAs(t, undefined, { ...body, email: guestEmail() }, key)).statusCode).toBe(201);
    });

    it('places one order for parallel requests with the same key', async () => {
      const key = `double-${Date.now()}`;
      const buyer = await actorOf(t, 'customer');
      const product = await fresh({ stock: 5 });
      await addToCart(t, buyer, product.id, 2);
      const body = { shippingAddress: address('ON') };
      const results = await Promise.all(Array.from({ length: 10 }, () => placeAs(t, buyer, body, key)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      const mine = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.buyerId, buyer.user.id));
      expect(mine[0]!.n).toBe(1);
      expect(await stockOf(t, product.id)).toBe(3);
      process.stdout.write(`[idempotency, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] 10 parallel placements, one key: ${statuses.filter((s) => s === 201).length} order placed, ${statuses.filter((s) => s === 200).length} answered with it\n`);
    });

    it('refuses a malformed key', async () => {
      const res = await placeAs(t, undefined, guestBody(), 'short');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([issue('idempotency-key', m.idempotencyKeyInvalid)]);
    });
  });

  it('places a card order a coupon made free as paid, with no payment to open, no stock hold and no money moved', async () => {
    const coupon = await makeCoupon(t, { discountPercent: 100 });
    const product = await fresh({ price: 5_000, stock: 3 });
    await addToCart(t, contractor, product.id, 2);
    const res = await placeAs(t, contractor, { shippingAddress: address('ON'), shippingMethodId: 'pickup', couponCode: coupon.code.toLowerCase(), paymentMethod: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'paid', subtotalCents: 10_000, discountCents: 10_000, shippingCents: 0, totalCents: 0, payment: null, stockHeldUntil: null });
    expect(order.taxes.every((tax: { amountCents: number }) => tax.amountCents === 0)).toBe(true);
    expect(await stockOf(t, product.id)).toBe(1);
    expect((await couponRow(t, coupon.id)).usedCount).toBe(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentRef: null, stockHeldUntil: null });
    expect(await t.db.select().from(transactions).where(eq(transactions.orderId, order.id))).toEqual([]);
    expect((await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, order.id))).map((c) => c.amountCents)).toEqual([0]);
  });

  it('answers each buyer the order exactly as reading it back gives it (dealer, lines, timeline), payment aside', async () => {
    for (const s of [customer, dealer, contractor, admin]) {
      await addToCart(t, s, mat.id, 2);
      await addToCart(t, s, sensor.id, 1);
      const placed = await placeAs(t, s, { shippingAddress: address('ON'), paymentMethod: 'card' });
      expect(placed.statusCode, placed.body).toBe(201);
      const { payment, ...answer } = placed.json();
      expect(payment).toMatchObject({ provider: 'test' });
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${answer.id}`, headers: s.auth });
      expect(read.statusCode).toBe(200);
      expect(answer).toEqual(read.json());
      expect(answer.timeline).toEqual([expect.objectContaining({ action: 'place', actorName: s.user.fullname })]);
    }
    const contractorOrder = (await t.db.select().from(orders).where(eq(orders.buyerId, contractor.user.id)).limit(1))[0]!;
    expect(contractorOrder.dealerId).toBe(dealer.user.id);
  });

  it("limits a guest address's orders (they hold stock), never a signed-in buyer's", async () => {
    const limited = await createTestApp({ limits: { guestOrdersPerIp: { max: 2, windowSeconds: 3600 } }, sameDatabaseAs: t });
    try {
      const a = await actorOf(limited, 'admin');
      const buyer = await actorOf(limited, 'customer');
      const c = await makeCategory(limited, a.auth);
      const p = await makeProduct(limited, a.auth, c.id, { price: 10_000, stock: 100 });
      const guest = () => ({ items: [{ productId: p.id, quantity: 1 }], shippingAddress: address('ON'), email: guestEmail() });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await placeAs(limited, undefined, guest())).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      const refused = await placeAs(limited, undefined, guest());
      expect(refused.json()).toMatchObject({ message: m.tooManyGuestOrders });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stockOf(limited, p.id)).toBe(98);
      for (let i = 0; i < 3; i++) {
        await addToCart(limited, buyer, p.id, 1);
        expect((await placeAs(limited, buyer, { shippingAddress: address('ON') })).statusCode).toBe(201);
      }
    } finally {
      await limited.close();
    }
  });

  it('is open to every role and to guests', async () => {
    for (const s of [customer, dealer, contractor, admin]) {
      await addToCart(t, s, mat.id, 1);
      expect((await placeAs(t, s, { shippingAddress: address('ON') })).statusCode).toBe(201);
    }
    expect((await placeAs(t, undefined, guestBody())).statusCode).toBe(201);
  });
});
