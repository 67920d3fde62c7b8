import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { INITIAL_TAX_RATES } from '@meltway/shared/cart-checkout/tax';
import type { TaxRateOut } from '@meltway/shared/cart-checkout/tax-rate.schema';
import { actorOf, createTestApp, issue, requester, signIn, type Session, type TestApp } from '../../test/harness.js';
import { and, eq } from 'drizzle-orm';
import { taxRates } from '../../db/schema/commerce.js';
import { ratesInForce } from './tax-rates.repo.js';
import { ratesFor } from './tax-rates.service.js';

/** Rates as `code rate` on a day, to compare at a glance. */
const inForce = async (t: TestApp, province: string, day: string) => (await ratesInForce(t.db, province, day)).map((r) => `${r.code} ${r.rate}`);

describe('tax rates', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, contractor: Session, customer: Session;
  // Noon in Toronto on 2026-03-15.
  let now = new Date('2026-03-15T16:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const list = async (s: Session = admin) => (await req('GET', '/api/v1/tax-rates', s)).json() as TaxRateOut[];
  const historyOf = async (province: string, code: string, s: Session = admin) =>
    (await list(s)).filter((r) => r.province === province && r.code === code).map((r) => [r.rate, r.effectiveFrom, r.effectiveTo, r.status]);
  const add = (body: Record<string, unknown>, s: Session | undefined = admin) => req('POST', '/api/v1/tax-rates', s, body);

  it('lists every seeded rate by province, tax and start, with where each stands today', async () => {
    const res = await req('GET', '/api/v1/tax-rates', admin);
    expect(res.statusCode).toBe(200);
    const rates = res.json() as TaxRateOut[];
    expect(rates).toHaveLength(INITIAL_TAX_RATES.length);
    const keys = rates.map((r) => `${r.province} ${r.code} ${r.effectiveFrom}`);
    expect(keys).toEqual([...keys].sort());
    expect(rates.filter((r) => r.province === 'NS')).toMatchObject([
      { code: 'HST', rate: 15, effectiveFrom: '2010-07-01', effectiveTo: '2025-04-01', status: 'past', appliesToShipping: true },
      { code: 'HST', rate: 14, effectiveFrom: '2025-04-01', effectiveTo: null, status: 'current' },
    ]);
    expect(rates.filter((r) => r.province === 'QC').map((r) => [r.code, r.rate])).toEqual([
      ['GST', 5],
      ['QST', 9.975],
    ]);
  });

  it('keeps the rates it read under the taxes version: a committed change of a rate retires them', async () => {
    const ctx = { db: t.db, versions: t.app.cacheVersions };
    const rates = async () => (await ratesFor(ctx, 'CA', 'AB', '2026-03-15')).map((r) => `${r.code} ${r.rate}`);
    const albertaGst = and(eq(taxRates.province, 'AB'), eq(taxRates.code, 'GST'));
    expect(await rates()).toEqual(['GST 5']);
    try {
      await t.db.update(taxRates).set({ rate: 6 }).where(albertaGst);
      // Kept until this process reads the new version (at most CACHE_POLL_MS later; a write through the API, at once).
      expect(await rates()).toEqual(['GST 5']);
      await t.app.cacheVersions.refresh();
      expect(await rates()).toEqual(['GST 6']);
    } finally {
      await t.db.update(taxRates).set({ rate: 5 }).where(albertaGst);
      await t.app.cacheVersions.refresh();
    }
    expect(await rates()).toEqual(['GST 5']);
  });

  it('schedules NS HST at 13% from a future day: the day before still pays 14%, that day 13%', async () => {
    const res = await add({ province: 'NS', code: 'HST', rate: 13, effectiveFrom: '2026-07-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ province: 'NS', code: 'HST', rate: 13, appliesToShipping: true, effectiveFrom: '2026-07-01', effectiveTo: null, status: 'scheduled' });
    expect(await historyOf('NS', 'HST')).toEqual([
      [15, '2010-07-01', '2025-04-01', 'past'],
      [14, '2025-04-01', '2026-07-01', 'current'],
      [13, '2026-07-01', null, 'scheduled'],
    ]);
    expect(await inForce(t, 'NS', '2025-03-31')).toEqual(['HST 15']);
    expect(await inForce(t, 'NS', '2026-06-30')).toEqual(['HST 14']);
    expect(await inForce(t, 'NS', '2026-07-01')).toEqual(['HST 13']);
  });

  it('fits a change between two others, and one after the last', async () => {
    expect((await add({ province: 'NS', code: 'HST', rate: 13.5, effectiveFrom: '2026-05-01' })).json()).toMatchObject({ effectiveTo: '2026-07-01', status: 'scheduled' });
    expect((await add({ province: 'NS', code: 'HST', rate: 12, effectiveFrom: '2027-01-01' })).json()).toMatchObject({ effectiveTo: null });
    expect(await historyOf('NS', 'HST')).toEqual([
      [15, '2010-07-01', '2025-04-01', 'past'],
      [14, '2025-04-01', '2026-05-01', 'current'],
      [13.5, '2026-05-01', '2026-07-01', 'scheduled'],
      [13, '2026-07-01', '2027-01-01', 'scheduled'],
      [12, '2027-01-01', null, 'scheduled'],
    ]);
    expect(await inForce(t, 'NS', '2026-05-31')).toEqual(['HST 13.5']);
    expect(await inForce(t, 'NS', '2026-12-31')).toEqual(['HST 13']);
    expect(await inForce(t, 'NS', '2030-01-01')).toEqual(['HST 12']);
  });

  it('moves each rate from scheduled to in force at midnight in Toronto', async () => {
    try {
      // Access tokens live 15 minutes: a sign-in at the clock's new time.
      now = new Date('2026-05-01T03:59:00Z'); // 23:59 on 30 April, Toronto
      const later = { ...admin, ...(await signIn(t, admin.user.email)) };
      expect((await historyOf('NS', 'HST', later)).map((r) => r[3])).toEqual(['past', 'current', 'scheduled', 'scheduled', 'scheduled']);
      now = new Date('2026-05-01T04:00:00Z');
      expect((await historyOf('NS', 'HST', later)).map((r) => r[3])).toEqual(['past', 'past', 'current', 'scheduled', 'scheduled']);
    } finally {
      now = new Date('2026-03-15T16:00:00Z');
    }
  });

  it('refuses a day that is not after today in Toronto: rates in force never change', async () => {
    for (const day of ['2026-03-15', '2026-03-14', '2010-07-01']) {
      const res = await add({ province: 'ON', code: 'HST', rate: 12, effectiveFrom: day });
      expect(res.statusCode, day).toBe(400);
      expect(res.json()).toMatchObject({ code: 'commerce.taxRateNotFuture', issues: [issue('effectiveFrom', m.taxRateNotFuture)] });
    }
    try {
      // 22:00 on 15 March in Toronto is already the 16th in UTC: the 16th is still tomorrow.
      now = new Date('2026-03-16T02:00:00Z');
      const later = { ...admin, ...(await signIn(t, admin.user.email)) };
      expect((await add({ province: 'ON', code: 'HST', rate: 13, effectiveFrom: '2026-03-16' }, later)).statusCode).toBe(201);
    } finally {
      now = new Date('2026-03-15T16:00:00Z');
    }
    expect(await historyOf('ON', 'HST')).toEqual([
      [13, '2010-07-01', '2026-03-16', 'current'],
      [13, '2026-03-16', null, 'scheduled'],
    ]);
  });

  it('refuses a second rate starting the same day with 409', async () => {
    const res = await add({ province: 'NS', code: 'HST', rate: 11, effectiveFrom: '2026-07-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'commerce.taxRateExists', message: m.taxRateExists, issues: [issue('effectiveFrom', m.taxRateExists)] });
    expect((await historyOf('NS', 'HST')).map((r) => r[0])).toEqual([15, 14, 13.5, 13, 12]);
  });

  it('takes shipping taxed or not as told, and a later change follows the rate before it unless told', async () => {
    const res = await add({ province: 'MB', code: 'RST', rate: 6.5, effectiveFrom: '2027-04-01', appliesToShipping: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ appliesToShipping: false, effectiveTo: null });
    expect(await inForce(t, 'MB', '2027-03-31')).toEqual(['GST 5', 'RST 7']);
    expect(await inForce(t, 'MB', '2027-04-01')).toEqual(['GST 5', 'RST 6.5']);
    expect((await add({ province: 'MB', code: 'RST', rate: 6, effectiveFrom: '2028-04-01' })).json().appliesToShipping).toBe(false);
    expect((await add({ province: 'MB', code: 'RST', rate: 5.5, effectiveFrom: '2029-04-01', appliesToShipping: true })).json().appliesToShipping).toBe(true);
  });

  it('refuses a rate of a tax the province does not levy, naming the tax, and never charges one stored before the rule', async () => {
    for (const [province, code] of [['ON', 'QST'], ['ON', 'GST'], ['AB', 'PST'], ['QC', 'HST'], ['BC', 'RST'], ['NU', 'HST']]) {
      const res = await add({ province, code, rate: 5, effectiveFrom: '2027-06-01' });
      expect(res.statusCode, `${province} ${code}`).toBe(400);
      expect(res.json().issues).toEqual([issue('code', m.taxNotLevied)]);
    }
    expect(await inForce(t, 'ON', '2027-06-01')).toEqual(['HST 13']);
    // A row written before the rule (straight to the table) stays out of every quote.
    await t.db.insert(taxRates).values({ province: 'ON', code: 'QST', rate: 9.975, appliesToShipping: true, effectiveFrom: '2020-01-01' });
    expect(await inForce(t, 'ON', '2026-07-04')).toEqual(['HST 13', 'QST 9.975']);
    expect((await ratesFor({ db: t.db, versions: t.app.cacheVersions }, 'CA', 'ON', '2026-07-04')).map((r) => r.code)).toEqual(['HST']);
    await t.db.delete(taxRates).where(and(eq(taxRates.province, 'ON'), eq(taxRates.code, 'QST')));
  });

  it('answers bad input with a 400 naming each field', async () => {
    const res = await add({ province: 'XX', code: 'VAT', rate: 5.1234, effectiveFrom: '2027-13-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      issue('province', m.provinceInvalid),
      issue('code', m.taxCodeInvalid),
      issue('rate', m.taxRateInvalid),
      issue('effectiveFrom', m.taxDateInvalid),
    ]);
    for (const rate of [-1, 100.001, '', 'five', null]) {
      const bad = await add({ province: 'BC', code: 'PST', rate, effectiveFrom: '2027-01-01' });
      expect(bad.json().issues, String(rate)).toEqual([issue('rate', m.taxRateInvalid)]);
    }
    expect((await add({ province: 'BC', code: 'PST', rate: '7.5', effectiveFrom: '2027-01-01' })).json()).toMatchObject({ rate: 7.5 });
    expect((await add({})).json().issues.map((i: { path: string }) => i.path)).toEqual(['province', 'code', 'rate', 'effectiveFrom']);
  });

  it('is for admins only: 401 without a token, 403 for every other role', async () => {
    const body = { province: 'SK', code: 'PST', rate: 5, effectiveFrom: '2027-01-01' };
    expect((await req('GET', '/api/v1/tax-rates')).statusCode).toBe(401);
    expect((await req('POST', '/api/v1/tax-rates', undefined, body)).statusCode).toBe(401);
    for (const s of [dealer, contractor, customer]) {
      expect((await req('GET', '/api/v1/tax-rates', s)).statusCode).toBe(403);
      expect((await add(body, s)).statusCode).toBe(403);
    }
    expect(await inForce(t, 'SK', '2027-01-01')).toEqual(['GST 5', 'PST 6']);
  });

  it('keeps one unbroken history when changes to one tax arrive at once', async () => {
    const days = ['2031-01-01', '2030-01-01', '2033-01-01', '2032-01-01', '2030-07-01', '2034-01-01'];
    const answers = await Promise.all(days.map((effectiveFrom, i) => add({ province: 'YT', code: 'GST', rate: i + 1, effectiveFrom })));
    expect(answers.map((a) => a.statusCode)).toEqual(days.map(() => 201));
    const history = await historyOf('YT', 'GST');
    expect(history.map((r) => r[1])).toEqual(['2008-01-01', ...[...days].sort()]);
    history.forEach((r, i) => expect(r[2], `rate from ${r[1]}`).toBe(history[i + 1]?.[1] ?? null));

    const twins = await Promise.all([1, 2, 3, 4, 5].map((rate) => add({ province: 'NU', code: 'GST', rate, effectiveFrom: '2030-01-01' })));
    expect(twins.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await historyOf('NU', 'GST')).toHaveLength(2);
  });
});
