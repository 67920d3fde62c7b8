import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { commonMessages } from '@meltway/shared/common/messages';
import { orders, taxRates } from '../../db/schema/commerce.js';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { addToCart, address, guestEmail, makeCoupon, placeAs, quoteAs, setCreditLimit } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, type Session, type TestApp } from '../../test/harness.js';

type Product = Awaited<ReturnType<typeof makeProduct>>;
const HOUR = 3_600_000;

/** A message of the quote as the API words it. */
const said = (code: string, message: string, params?: Record<string, string | number>) => ({ code, message, ...(params ? { params } : {}) });

describe('POST /checkout/quote', () => {
  let t: TestApp;
  let admin: Session, customer: Session, dealer: Session;
  let mats: { id: string; name: string };
  let mat: Product, sensor: Product, cheap: Product, big: Product;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
    dealer = await actorOf(t, 'dealer');
    mats = await makeCategory(t, admin.auth);
    const controls = await makeCategory(t, admin.auth);
    mat = await makeProduct(t, admin.auth, mats.id, { price: 22_900, stock: 50, nameFr: 'Tapis chauffant' });
    sensor = await makeProduct(t, admin.auth, controls.id, { price: 45_000, stock: 20, kind: 'sensor' });
    cheap = await makeProduct(t, admin.auth, controls.id, { price: 50, stock: 100, kind: 'accessory' });
    big = await makeProduct(t, admin.auth, mats.id, { price: 80_000, stock: 50 });
  });
  afterAll(() => t.close());

  const items = (...lines: [Product, number][]) => lines.map(([p, quantity]) => ({ productId: p.id, quantity }));
  const quote = async (payload: unknown, s?: Session) => {
    const res = await quoteAs(t, s, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  describe('taxes by province, to the cent', () => {
    it('Quebec: GST 5% and QST 9.975% on the goods and the shipping, each rounded half up once', async () => {
      const q = await quote({ items: items([mat, 2]), shippingAddress: address('QC') });
      // 2 x 229.00 = 458.00 of goods + 25.00 standard shipping = 483.00 taxed.
      // GST 483.00 x 5% = 24.15; QST 483.00 x 9.975% = 48.17925 -> 48.18 (QST on the price before GST).
      expect(q).toMatchObject({
        subtotalCents: 45_800,
        discountCents: 0,
        shippingCents: 2_500,
        taxes: [
          { code: 'GST', rate: 5, amountCents: 2_415 },
          { code: 'QST', rate: 9.975, amountCents: 4_818 },
        ],
        totalCents: 45_800 + 2_500 + 2_415 + 4_818,
        messages: [],
        canPlace: true,
        coupon: null,
        shippingMethodId: 'standard',
        cardProvider: 'test',
      });
      expect(q.lines).toEqual([{ productId: mat.id, sku: mat.sku, name: mat.name, nameFr: 'Tapis chauffant', quantity: 2, unitPriceCents: 22_900, lineTotalCents: 45_800 }]);
    });

    it('Alberta: GST only', async () => {
      const q = await quote({ items: items([mat, 1]), shippingAddress: address('AB') });
      expect(q.taxes).toEqual([{ code: 'GST', rate: 5, amountCents: 1_270 }]);
      expect(q.totalCents).toBe(22_900 + 2_500 + 1_270);
    });

    it('Ontario: 13% HST, and a half cent rounds up', async () => {
      // 0.50 picked up: 13% is 6.5 cents -> 7.
      const q = await quote({ items: items([cheap, 1]), shippingAddress: address('ON'), shippingMethodId: 'pickup' });
      expect(q).toMatchObject({ subtotalCents: 50, shippingCents: 0, taxes: [{ code: 'HST', rate: 13, amountCents: 7 }], totalCents: 57 });
      // Quebec on 2.00: GST 10; QST 19.95 -> 20.
      const qc = await quote({ items: items([cheap, 4]), shippingAddress: address('QC'), shippingMethodId: 'pickup' });
      expect(qc.taxes.map((x: { amountCents: number }) => x.amountCents)).toEqual([10, 20]);
      expect(qc.totalCents).toBe(230);
    });

    it('the United States: no Canadian tax, and US shipping prices', async () => {
      const q = await quote({ items: items([mat, 1]), shippingAddress: address('NY', { country: 'US' }) });
      expect(q).toMatchObject({ shippingCents: 6_500, taxes: [], totalCents: 22_900 + 6_500 });
      expect(q.shippingMethods).toEqual([
        { id: 'standard', priceCents: 6_500 },
        { id: 'express', priceCents: 9_900 },
      ]);
    });

    it('shipping is taxed only where the rate says so', async () => {
      await t.db.update(taxRates).set({ appliesToShipping: false }).where(and(eq(taxRates.province, 'BC'), eq(taxRates.code, 'PST')));
      const q = await quote({ items: items([mat, 1]), shippingAddress: address('BC') });
      // GST on 229.00 + 25.00; PST 7% on the goods only: 16.03.
      expect(q.taxes).toEqual([
        { code: 'GST', rate: 5, amountCents: 1_270 },
        { code: 'PST', rate: 7, amountCents: 1_603 },
      ]);
      expect(q.totalCents).toBe(22_900 + 2_500 + 1_270 + 1_603);
    });
  });

  describe('the rate in force on the day of the order (Eastern time)', () => {
    let dated: TestApp;
    let now = new Date('2025-03-31T12:00:00-04:00');
    let product: Product;

    beforeAll(async () => {
      dated = await createTestApp({ clock: () => now });
      const boss = await actorOf(dated, 'admin');
      product = await makeProduct(dated, boss.auth, (await makeCategory(dated, boss.auth)).id, { price: 22_900, stock: 10 });
    });
    afterAll(() => dated.close());

    const nsQuote = async () => (await quoteAs(dated, undefined, { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address('NS') })).json();

    it('Nova Scotia: 15% HST on 2025-03-31, 14% from 2025-04-01', async () => {
      now = new Date('2025-03-31T12:00:00-04:00');
      expect((await nsQuote()).taxes).toEqual([{ code: 'HST', rate: 15, amountCents: 3_810 }]);
      // 23:30 in Halifax's neighbour Toronto is still March 31st, though it is April 1st in UTC.
      now = new Date('2025-04-01T03:30:00Z');
      expect((await nsQuote()).taxes).toEqual([{ code: 'HST', rate: 15, amountCents: 3_810 }]);
      now = new Date('2025-04-01T12:00:00-04:00');
      const q = await nsQuote();
      expect(q.taxes).toEqual([{ code: 'HST', rate: 14, amountCents: 3_556 }]);
      expect(q.totalCents).toBe(22_900 + 2_500 + 3_556);
    });

    it('the order keeps the rate it was placed with', async () => {
      now = new Date('2025-03-31T12:00:00-04:00');
      const res = await placeAs(dated, undefined, { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address('NS'), email: guestEmail() });
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json();
      expect(placed).toMatchObject({ number: expect.stringMatching(/^MW-2025-\d{6}$/), taxes: [{ code: 'HST', rate: 15, amountCents: 3_810 }], totalCents: 29_210 });
      expect(placed.created_at).toBe('2025-03-31T16:00:00.000Z');
      // Two days later the rate is 14%, and the order still says 15%.
      now = new Date(now.getTime() + 48 * HOUR);
      expect((await nsQuote()).taxes[0].rate).toBe(14);
      const [row] = await dated.db.select({ taxes: orders.taxes, taxCents: orders.taxCents }).from(orders).where(eq(orders.id, placed.id));
      expect(row).toEqual({ taxes: [{ code: 'HST', rate: 15, amountCents: 3_810 }], taxCents: 3_810 });
    });
  });

  describe('discounts, then shipping, then tax', () => {
    it('takes the coupon off the goods before tax', async () => {
      const coupon = await makeCoupon(t, { discountPercent: 10 });
      const q = await quote({ items: items([mat, 2]), shippingAddress: address('ON'), couponCode: coupon.code });
      // 458.00 - 10% = 412.20; HST 13% of 412.20 + 25.00 = 56.836 -> 56.84.
      expect(q).toMatchObject({
        subtotalCents: 45_800,
        discountCents: 4_580,
        shippingCents: 2_500,
        taxes: [{ code: 'HST', rate: 13, amountCents: 5_684 }],
        totalCents: 41_220 + 2_500 + 5_684,
        coupon: { code: coupon.code, discountPercent: 10 },
        messages: [],
      });
    });

    it('ships free from 1,500.00 of goods after the discount', async () => {
      const free = await quote({ items: items([big, 2]), shippingAddress: address('ON') });
      expect(free).toMatchObject({ subtotalCents: 160_000, shippingCents: 0, taxes: [{ code: 'HST', rate: 13, amountCents: 20_800 }], totalCents: 180_800 });
      expect(free.shippingMethods).toEqual([
        { id: 'standard', priceCents: 0 },
        { id: 'express', priceCents: 4_900 },
        { id: 'pickup', priceCents: 0 },
      ]);
      const coupon = await makeCoupon(t, { discountPercent: 10 });
      const paid = await quote({ items: items([big, 2]), shippingAddress: address('ON'), couponCode: coupon.code });
      // 1,440.00 after the discount: under the threshold again.
      expect(paid).toMatchObject({ discountCents: 16_000, shippingCents: 2_500, taxes: [{ amountCents: 19_045 }], totalCents: 144_000 + 2_500 + 19_045 });
    });

    it('prices express shipping, and says when a method does not serve the address', async () => {
      expect((await quote({ items: items([mat, 1]), shippingAddress: address('ON'), shippingMethodId: 'express' })).shippingCents).toBe(4_900);
      const q = await quote({ items: items([mat, 1]), shippingAddress: address('WA', { country: 'US' }), shippingMethodId: 'pickup' });
      expect(q).toMatchObject({ shippingMethodId: 'standard', shippingCents: 6_500, canPlace: false });
      expect(q.messages).toEqual([said('commerce.shippingMethodUnavailable', m.shippingMethodUnavailable)]);
    });
  });

  describe('coupons', () => {
    const withCoupon = (couponCode: string, lines = items([mat, 1]), s?: Session) => quote({ items: lines, shippingAddress: address('ON'), couponCode }, s);

    it('reads codes case-insensitively', async () => {
      const coupon = await makeCoupon(t, { code: `Thaw${Date.now()}`, discountPercent: 15 });
      const q = await withCoupon(coupon.code.toLowerCase());
      expect(q.coupon).toEqual({ code: coupon.code, discountPercent: 15, categoryName: null, categoryNameFr: null });
      expect(q.discountCents).toBe(3_435);
    });

    it('prices without a coupon that does not apply, and says why', async () => {
      const day = 24 * HOUR;
      const cases: [Parameters<typeof makeCoupon>[1] | null, string, string, Record<string, string | number>?][] = [
        [null, 'commerce.couponNotFound', m.couponNotFound],
        [{ startsAt: new Date(Date.now() + day) }, 'commerce.couponNotStarted', m.couponNotStarted],
        [{ startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - 1000) }, 'commerce.couponExpired', m.couponExpired],
        [{ usageLimit: 1, usedCount: 1 }, 'commerce.couponUsedUp', m.couponUsedUp],
        [{ minSubtotalCents: 50_000 }, 'commerce.couponMinimum', 'This coupon needs a subtotal of at least $500.00', { minimum: '$500.00' }],
      ];
      for (const [values, code, message, params] of cases) {
        const coupon = values ? await makeCoupon(t, values) : null;
        const q = await withCoupon(coupon?.code ?? 'NO-SUCH-CODE');
        expect(q, code).toMatchObject({ coupon: null, discountCents: 0, totalCents: 22_900 + 2_500 + 3_302, canPlace: false });
        expect(q.messages, code).toEqual([said(code, message, params)]);
      }
    });

    it('applies from its minimum subtotal, counted before the discount', async () => {
      const coupon = await makeCoupon(t, { minSubtotalCents: 68_700, discountPercent: 20 });
      expect((await withCoupon(coupon.code, items([mat, 3]))).discountCents).toBe(13_740);
    });

    it("discounts only its category's lines, and needs one of them in the cart", async () => {
      const coupon = await makeCoupon(t, { discountPercent: 25, categoryId: mats.id });
      const q = await withCoupon(coupon.code, items([mat, 1], [sensor, 1]));
      // 25% of the mat only: 57.25; HST 13% of 621.75 + 25.00 = 84.0775 -> 84.08.
      expect(q).toMatchObject({ subtotalCents: 67_900, discountCents: 5_725, taxes: [{ amountCents: 8_408 }], totalCents: 62_175 + 2_500 + 8_408 });
      // The quote says what the coupon covers.
      expect(q.coupon).toEqual({ code: coupon.code, discountPercent: 25, categoryName: mats.name, categoryNameFr: null });
      const none = await withCoupon(coupon.code, items([sensor, 1]));
      expect(none).toMatchObject({ coupon: null, discountCents: 0 });
      expect(none.messages).toEqual([said('commerce.couponCategory', `This coupon applies only to products in ${mats.name}`, { category: mats.name })]);
      // From a French page, the category's French name where it has one.
      const renamed = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${mats.id}`, headers: admin.auth, payload: { name: mats.name, nameFr: 'Tapis' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const noneFr = await quote({ items: items([sensor, 1]), shippingAddress: address('ON'), couponCode: coupon.code, locale: 'fr' });
      expect(noneFr.messages).toMatchObject([{ code: 'commerce.couponCategory', params: { category: 'Tapis' } }]);
      expect((await withCoupon(coupon.code, items([mat, 1]))).coupon).toMatchObject({ categoryName: mats.name, categoryNameFr: 'Tapis' });
    });

    it("counts a customer's own uses once it knows the customer", async () => {
      const coupon = await makeCoupon(t, { perCustomerLimit: 1 });
      const buyer = await actorOf(t, 'customer');
      await addToCart(t, buyer, mat.id, 1);
      expect((await withCoupon(coupon.code, [], buyer)).coupon).not.toBeNull();
      expect((await placeAs(t, buyer, { shippingAddress: address('ON'), couponCode: coupon.code })).statusCode).toBe(201);
      await addToCart(t, buyer, mat.id, 1);
      const q = await withCoupon(coupon.code, [], buyer);
      expect(q.messages).toEqual([said('commerce.couponCustomerLimit', m.couponCustomerLimit)]);
      // A guest's quote has no email yet: its uses are counted when it places the order.
      expect((await withCoupon(coupon.code)).coupon).not.toBeNull();
    });
  });

  describe('lines', () => {
    it('leaves out products no longer sold, and says which lines cannot be bought', async () => {
      const gone = await makeProduct(t, admin.auth, mats.id, { price: 9_900, stock: 5 });
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${gone.id}`, headers: admin.auth, payload: { active: false } });
      const q = await quote({
        items: [...items([mat, 1], [gone, 1], [sensor, 25]), { productId: MISSING, quantity: 1 }],
        shippingAddress: address('ON'),
      });
      expect(q.lines.map((l: { productId: string }) => l.productId)).toEqual([mat.id, sensor.id]);
      expect(q.subtotalCents).toBe(22_900 + 25 * 45_000);
      expect(q.canPlace).toBe(false);
      expect(q.messages).toEqual([
        said('commerce.productUnavailable', `${gone.name} is no longer available`, { name: gone.name }),
        said('commerce.lineNotEnoughStock', `Only 20 of ${sensor.name} left in stock`, { stock: 20, name: sensor.name }),
        // The text is the catalogue's too, and its code is the catalogue's.
        said('catalogue.productNotFound', m.productNotFound),
      ]);
    });

    it('names the products in the language of the page: the French name where there is one, the English one otherwise', async () => {
      const gone = await makeProduct(t, admin.auth, mats.id, { nameFr: 'Tapis retiré', stock: 5 });
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${gone.id}`, headers: admin.auth, payload: { active: false } });
      const lines = items([gone, 1], [mat, 500], [sensor, 25]);
      const fr = await quote({ items: lines, shippingAddress: address('QC'), locale: 'fr' });
      const names = (q: { messages: { code: string; params: { name: string } }[] }) => q.messages.map((x) => [x.code, x.params.name]);
      expect(names(fr)).toEqual([
        ['commerce.productUnavailable', 'Tapis retiré'],
        ['commerce.lineNotEnoughStock', 'Tapis chauffant'],
        ['commerce.lineNotEnoughStock', sensor.name],
      ]);
      // In English, or when the page says nothing, the English names.
      const en = await quote({ items: lines, shippingAddress: address('QC') });
      expect(names(en)).toEqual([
        ['commerce.productUnavailable', gone.name],
        ['commerce.lineNotEnoughStock', mat.name],
        ['commerce.lineNotEnoughStock', sensor.name],
      ]);
    });

    it('adds up lines of the same product', async () => {
      const q = await quote({ items: items([mat, 1], [cheap, 2], [mat, 2]), shippingAddress: address('ON') });
      expect(q.lines.map((l: { quantity: number }) => l.quantity)).toEqual([3, 2]);
    });

    it('quotes an empty cart as nothing to place', async () => {
      const q = await quote({ shippingAddress: address('ON') });
      expect(q).toMatchObject({ lines: [], subtotalCents: 0, shippingCents: 0, totalCents: 0, canPlace: false });
      expect(q.messages).toEqual([said('commerce.cartEmpty', m.cartEmpty)]);
    });
  });

  describe('the signed-in buyer', () => {
    it("prices the buyer's own server cart, never items sent with it", async () => {
      const buyer = await actorOf(t, 'customer');
      await addToCart(t, buyer, mat.id, 1);
      const q = await quote({ items: items([sensor, 5]), shippingAddress: address('ON') }, buyer);
      expect(q.lines).toMatchObject([{ productId: mat.id, quantity: 1 }]);
      expect(q.account).toEqual({ allowed: false, availableCents: null });
    });

    it('offers paying on account to a trade account with credit, up to what is left', async () => {
      await setCreditLimit(t, admin, dealer.user.id, 30_000);
      await addToCart(t, dealer, mat.id, 1);
      const ok = await quote({ shippingAddress: address('ON'), paymentMethod: 'account' }, dealer);
      expect(ok).toMatchObject({ account: { allowed: true, availableCents: 30_000 }, totalCents: 28_702, canPlace: true, messages: [] });
      await addToCart(t, dealer, mat.id, 2);
      const over = await quote({ shippingAddress: address('ON'), paymentMethod: 'account' }, dealer);
      expect(over.canPlace).toBe(false);
      expect(over.messages).toEqual([said('commerce.creditLimitExceeded', 'This order is over your available credit of $300.00', { available: '$300.00' })]);
      // Asked from a French page, the sum is written the French way.
      const overFr = await quote({ shippingAddress: address('ON'), paymentMethod: 'account', locale: 'fr' }, dealer);
      expect(overFr.messages).toMatchObject([{ code: 'commerce.creditLimitExceeded', params: { available: '300,00\u00a0$' } }]);
    });

    it('says paying on account is not for customers or guests', async () => {
      await addToCart(t, customer, mat.id, 1);
      const q = await quote({ shippingAddress: address('ON'), paymentMethod: 'account' }, customer);
      expect(q).toMatchObject({ account: { allowed: false, availableCents: null }, canPlace: false });
      expect(q.messages).toEqual([said('commerce.accountNotAllowed', m.accountNotAllowed)]);
      const guest = await quote({ items: items([mat, 1]), shippingAddress: address('ON'), paymentMethod: 'account' });
      expect(guest.messages).toEqual([said('commerce.accountNotAllowed', m.accountNotAllowed)]);
    });
  });

  describe('bad input', () => {
    it('answers 400 with the fields at fault', async () => {
      const res = await quoteAs(t, undefined, {
        items: [{ productId: 'nope', quantity: -1 }],
        shippingAddress: { ...address('ZZ'), postalCode: '12', fullname: '' },
        shippingMethodId: 'drone',
        paymentMethod: 'cheque',
        couponCode: 'A'.repeat(41),
      });
      expect(res.statusCode).toBe(400);
      const issues = res.json().issues;
      expect(issues).toEqual(
        expect.arrayContaining([
          issue('items.0.productId', m.productNotFound),
          issue('items.0.quantity', m.quantityInvalid),
          issue('shippingAddress.fullname', m.fullnameRequired),
          issue('shippingMethodId', m.shippingMethodInvalid),
          issue('paymentMethod', m.paymentMethodInvalid),
          issue('couponCode', m.couponNotFound),
        ]),
      );
      const address2 = await quoteAs(t, undefined, { items: items([mat, 1]), shippingAddress: { ...address('ZZ'), postalCode: '12' } });
      expect(address2.json().issues).toEqual([issue('shippingAddress.province', m.provinceInvalid), issue('shippingAddress.postalCode', m.postalCodeInvalid)]);
      const nul = await quoteAs(t, undefined, { items: items([mat, 1]), shippingAddress: address('ON', { city: 'Mont\u0000real' }) });
      expect(nul.json().issues).toEqual([issue('shippingAddress.city', commonMessages.controlCharacters)]);
    });

    it('refuses a postal code of another province than the one typed beside it, quote and order alike', async () => {
      // Toronto's M5V 2T6 typed beside Alberta would pay 5% GST instead of Ontario's 13% HST.
      const toronto = address('AB', { postalCode: 'M5V 2T6' });
      const q = await quoteAs(t, undefined, { items: items([mat, 1]), shippingAddress: toronto });
      expect(q.statusCode).toBe(400);
      expect(q.json().issues).toEqual([issue('shippingAddress.postalCode', m.postalCodeOtherProvince)]);
      await addToCart(t, customer, mat.id, 1);
      const placed = await placeAs(t, customer, { shippingAddress: toronto, paymentMethod: 'card' });
      expect(placed.statusCode).toBe(400);
      expect(placed.json().issues).toEqual([issue('shippingAddress.postalCode', m.postalCodeOtherProvince)]);
      // The same code beside its own province is taxed by it; X serves both the Northwest Territories and Nunavut.
      expect((await quote({ items: items([mat, 1]), shippingAddress: address('ON', { postalCode: 'm5v2t6' }) })).taxes.map((l: { code: string }) => l.code)).toEqual(['HST']);
      for (const province of ['NT', 'NU']) expect((await quoteAs(t, undefined, { items: items([mat, 1]), shippingAddress: address(province, { postalCode: 'X0A 0H0' }) })).statusCode).toBe(200);
    });

    it('is open to everyone: a guest, any role', async () => {
      for (const s of [undefined, customer, dealer, admin]) expect((await quoteAs(t, s, { items: items([mat, 1]), shippingAddress: address('ON') })).statusCode).toBe(200);
    });
  });
});
