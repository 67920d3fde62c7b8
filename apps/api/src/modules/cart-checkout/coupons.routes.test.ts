import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { coupons, orders } from '../../db/schema/commerce.js';
import { makeCategory } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, onPostgres, requester, type Session, type TestApp } from '../../test/harness.js';

const winter = { name: 'Winter sale', code: 'Winter25', discount_percent: 25, description: 'A quarter off everything.' };

describe('coupons', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, contractor: Session, customer: Session;
  let mats: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
    mats = await makeCategory(t, admin.auth, 'Mats');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  it('creates a coupon with every rule and lists it first; SPEC.md §7 fields as sent', async () => {
    const res = await req('POST', '/api/v1/coupons', admin, {
      ...winter,
      starts_at: '2026-12-01T05:00:00.000Z',
      ends_at: '2027-01-01T04:59:59.999Z',
      usage_limit: 100,
      per_customer_limit: 1,
      min_subtotal_cents: 50_000,
      category_id: mats.id,
      used_count: 99,
    });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      ...winter,
      starts_at: '2026-12-01T05:00:00.000Z',
      ends_at: '2027-01-01T04:59:59.999Z',
      usage_limit: 100,
      per_customer_limit: 1,
      min_subtotal_cents: 50_000,
      category_id: mats.id,
      categoryName: 'Mats',
      // Uses are counted by orders, never set by a request.
      used_count: 0,
    });
    const plain = (await req('POST', '/api/v1/coupons', admin, { name: 'Spring', code: 'SPRING-10', discount_percent: 10 })).json();
    expect(plain).toMatchObject({ description: '', starts_at: null, ends_at: null, usage_limit: null, per_customer_limit: null, min_subtotal_cents: null, category_id: null, categoryName: null });

    const list = await req('GET', '/api/v1/coupons', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([plain.id, made.id]);
  });

  it('searches by name, code or description, and pages only when asked', async () => {
    for (let i = 0; i < 11; i += 1) await req('POST', '/api/v1/coupons', admin, { name: `Bulk ${i}`, code: `BULK-${i}`, discount_percent: 5 });
    expect((await req('GET', '/api/v1/coupons?q=winter25', admin)).json().map((c: { code: string }) => c.code)).toEqual(['Winter25']);
    expect((await req('GET', '/api/v1/coupons?q=QUARTER', admin)).json()).toHaveLength(1);
    expect((await req('GET', '/api/v1/coupons?q=%25', admin)).json()).toEqual([]);
    expect((await req('GET', '/api/v1/coupons', admin)).json().length).toBeGreaterThanOrEqual(13);
    const page2 = (await req('GET', '/api/v1/coupons?q=bulk&page=2&pageSize=5', admin)).json();
    expect(page2.map((c: { code: string }) => c.code)).toEqual(['BULK-5', 'BULK-4', 'BULK-3', 'BULK-2', 'BULK-1']);
    expect((await req('GET', '/api/v1/coupons?page=2', admin)).json()).toHaveLength(3);
    expect((await req('GET', '/api/v1/coupons?pageSize=0', admin)).statusCode).toBe(400);
  });

  it('refuses a code already used in any case with 409 on the code field', async () => {
    const res = await req('POST', '/api/v1/coupons', admin, { ...winter, code: 'WINTER25' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'commerce.couponCodeTaken', message: m.couponCodeTaken, issues: [issue('code', m.couponCodeTaken)] });
    const other = (await req('POST', '/api/v1/coupons', admin, { name: 'Other', code: 'OTHER-1', discount_percent: 5 })).json();
    const renamed = await req('PUT', `/api/v1/coupons/${other.id}`, admin, { code: 'winter25' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().issues).toEqual([issue('code', m.couponCodeTaken)]);
    // Its own code in another case is no conflict.
    expect((await req('PUT', `/api/v1/coupons/${other.id}`, admin, { code: 'other-1' })).json().code).toBe('other-1');
  });

  it('gives one coupon to one of many requests for the same code at once, whatever their case', async () => {
    const codes = ['FLASH', 'flash', 'Flash', 'fLaSh', 'FLASH', 'flasH', 'FLASh', 'flash'];
    const answers = await Promise.all(codes.map((code, i) => req('POST', '/api/v1/coupons', admin, { name: `Flash ${i}`, code, discount_percent: 30 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().issues).toEqual([issue('code', m.couponCodeTaken)]);
    expect((await req('GET', '/api/v1/coupons?q=flash', admin)).json()).toHaveLength(1);
  });

  it('answers bad input with a 400 naming each field', async () => {
    const res = await req('POST', '/api/v1/coupons', admin, {
      name: ' ',
      code: 'no spaces!',
      discount_percent: 101,
      starts_at: '2027-01-02T00:00:00Z',
      ends_at: '2027-01-01T00:00:00Z',
      usage_limit: 0,
      per_customer_limit: 1.5,
      min_subtotal_cents: -1,
      category_id: 'mats',
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { path: string; code: string }[];
    expect(Object.fromEntries(issues.map((i) => [i.path, i.code]))).toEqual({
      name: 'accounts.nameRequired',
      code: 'commerce.couponCodeInvalid',
      discount_percent: 'commerce.couponPercentInvalid',
      usage_limit: 'commerce.couponLimitInvalid',
      per_customer_limit: 'commerce.couponLimitInvalid',
      min_subtotal_cents: 'commerce.couponMinimumInvalid',
      category_id: 'catalogue.categoryNotFound',
    });
    // The dates are checked together once each field passes.
    const dates = await req('POST', '/api/v1/coupons', admin, { ...winter, code: 'DATES-1', starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' });
    expect(dates.json().issues).toEqual([issue('ends_at', m.couponDatesInvalid)]);
    expect((await req('POST', '/api/v1/coupons', admin, { ...winter, code: 'DATES-2', starts_at: '1 Dec 2026' })).json().issues[0].path).toBe('starts_at');
    const missing = await req('POST', '/api/v1/coupons', admin, {});
    expect(missing.json().issues.map((i: { path: string }) => i.path)).toEqual(['name', 'code', 'discount_percent']);
  });

  it('refuses a category that does not exist with a 400 on category_id', async () => {
    const res = await req('POST', '/api/v1/coupons', admin, { ...winter, code: 'NOCAT', category_id: MISSING });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([issue('category_id', catalogueMessages.categoryNotFound)]);
  });

  it('keeps the category a coupon is limited to: deleting it is a 409 that says why', async () => {
    const heaters = await makeCategory(t, admin.auth, 'Heaters');
    const made = (await req('POST', '/api/v1/coupons', admin, { name: 'Heaters', code: 'HEAT-15', discount_percent: 15, category_id: heaters.id })).json();
    const refused = await req('DELETE', `/api/v1/categories/${heaters.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'catalogue.categoryHasCoupons', message: catalogueMessages.categoryHasCoupons });
    await req('PUT', `/api/v1/coupons/${made.id}`, admin, { category_id: null });
    expect((await req('DELETE', `/api/v1/categories/${heaters.id}`, admin)).statusCode).toBe(200);
  });

  it('edits the fields sent, checks the dates against the stored ones, and clears a rule with null', async () => {
    const made = (
      await req('POST', '/api/v1/coupons', admin, { name: 'Boxing Day', code: 'BOXING', discount_percent: 20, starts_at: '2026-12-26T05:00:00Z', ends_at: '2026-12-27T05:00:00Z', category_id: mats.id })
    ).json();
    const res = await req('PUT', `/api/v1/coupons/${made.id}`, admin, { discount_percent: 30, description: 'Thirty off mats.' });
    expect(res.statusCode).toBe(200);
    // Fields not sent stay as they were.
    expect(res.json()).toMatchObject({ name: 'Boxing Day', code: 'BOXING', discount_percent: 30, description: 'Thirty off mats.', starts_at: '2026-12-26T05:00:00.000Z', categoryName: 'Mats' });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(made.updated_at));

    const early = await req('PUT', `/api/v1/coupons/${made.id}`, admin, { ends_at: '2026-12-25T05:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([issue('ends_at', m.couponDatesInvalid)]);
    const cleared = await req('PUT', `/api/v1/coupons/${made.id}`, admin, { starts_at: null, category_id: null, ends_at: '2026-12-25T05:00:00Z' });
    expect(cleared.json()).toMatchObject({ starts_at: null, ends_at: '2026-12-25T05:00:00.000Z', category_id: null, categoryName: null });
    expect((await req('PUT', `/api/v1/coupons/${made.id}`, admin, { category_id: MISSING })).json().issues).toEqual([issue('category_id', catalogueMessages.categoryNotFound)]);
    expect((await req('PUT', `/api/v1/coupons/${made.id}`, admin, { discount_percent: 0 })).statusCode).toBe(400);
    expect((await req('PUT', `/api/v1/coupons/${MISSING}`, admin, { discount_percent: 10 })).statusCode).toBe(404);
    expect((await req('PUT', '/api/v1/coupons/not-an-id', admin, { discount_percent: 10 })).statusCode).toBe(400);
  });

  it('keeps the usage limit at or above the uses already counted', async () => {
    const made = (await req('POST', '/api/v1/coupons', admin, { name: 'Loyal', code: 'LOYAL', discount_percent: 10, usage_limit: 5 })).json();
    await t.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, made.id));
    const below = await req('PUT', `/api/v1/coupons/${made.id}`, admin, { usage_limit: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'commerce.couponLimitBelowUsed', params: { used: 3 }, issues: [issue('usage_limit', m.couponLimitBelowUsed, { used: 3 })] });
    const atUses = await req('PUT', `/api/v1/coupons/${made.id}`, admin, { usage_limit: 3, used_count: 0 });
    expect(atUses.json()).toMatchObject({ usage_limit: 3, used_count: 3 });
    expect((await req('PUT', `/api/v1/coupons/${made.id}`, admin, { usage_limit: null })).json().usage_limit).toBeNull();
  });

  it('deletes a coupon; orders placed with it keep its code and their discount', async () => {
    const made = (await req('POST', '/api/v1/coupons', admin, { name: 'Gone', code: 'GONE-20', discount_percent: 20 })).json();
    const [order] = await t.db
      .insert(orders)
      .values({
        number: 'MW-2026-990001',
        status: 'on_account',
        buyerName: 'Casey Customer',
        email: 'casey@example.com',
        paymentMethod: 'account',
        paymentProvider: 'account',
        shippingAddress: { fullname: 'Casey Customer', line1: '1 Thaw Street', city: 'Toronto', province: 'ON', postalCode: 'M5V 1A1', country: 'CA' },
        shippingMethod: 'standard',
        subtotalCents: 10_000,
        discountCents: 2_000,
        totalCents: 8_000,
        taxes: [],
        couponId: made.id,
        couponCode: made.code,
        couponPercent: 20,
      })
      .returning();
    const res = await req('DELETE', `/api/v1/coupons/${made.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ couponId: null, couponCode: 'GONE-20', couponPercent: 20, discountCents: 2_000 });
    expect((await req('GET', '/api/v1/coupons?q=GONE', admin)).json()).toEqual([]);
    expect((await req('DELETE', `/api/v1/coupons/${made.id}`, admin)).statusCode).toBe(404);
    // Its code is free again.
    expect((await req('POST', '/api/v1/coupons', admin, { name: 'Back', code: 'gone-20', discount_percent: 5 })).statusCode).toBe(201);
  });

  it('is for admins only: 401 without a token, 403 for every other role', async () => {
    const made = (await req('POST', '/api/v1/coupons', admin, { name: 'Staff', code: 'STAFF', discount_percent: 5 })).json();
    const calls = [
      ['GET', '/api/v1/coupons', undefined],
      ['POST', '/api/v1/coupons', { ...winter, code: 'NOPE-1' }],
      ['PUT', `/api/v1/coupons/${made.id}`, { discount_percent: 90 }],
      ['DELETE', `/api/v1/coupons/${made.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const s of [dealer, contractor, customer]) expect((await req(method, url, s, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('GET', `/api/v1/coupons?q=STAFF`, admin)).json()).toMatchObject([{ discount_percent: 5 }]);
  });

  it.runIf(onPostgres)('never lowers the limit below a use counted while the edit waited for the lock', async () => {
    const made = (await req('POST', '/api/v1/coupons', admin, { name: 'Race', code: 'RACE', discount_percent: 10, usage_limit: 10 })).json();
    await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, made.id));
    // A placement holds the coupon's lock and counts a second use; the edit asks for a limit of 1 meanwhile.
    let edit: Promise<{ statusCode: number; json: () => { issues: unknown } }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select().from(coupons).where(eq(coupons.id, made.id)).for('update');
      edit = req('PUT', `/api/v1/coupons/${made.id}`, admin, { usage_limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, made.id));
    });
    const res = await edit!;
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([issue('usage_limit', m.couponLimitBelowUsed, { used: 2 })]);
  });
});
