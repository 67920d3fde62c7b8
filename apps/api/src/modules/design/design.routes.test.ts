import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignProduct, DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import { DRIVEWAY, seedDesignCatalogue } from '../../test/design-fixtures.js';
import { actorOf, createTestApp, issue, type Session, type TestApp } from '../../test/harness.js';

describe('the layout generator engine on the server', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({ limits: { designCalculatePerIp: { max: 1_000, windowSeconds: 60 } } });
    admin = await actorOf(t, 'admin');
    await seedDesignCatalogue(t);
  });
  afterAll(() => t.close());

  const calculate = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: payload as never });
  const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/design/products' })).json() as DesignProduct[];

  describe('GET /design/products', () => {
    it('answers every active product with its technical data, to anyone', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/design/products' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      const items = res.json() as DesignProduct[];
      expect(new Set(items.map((p) => p.kind))).toEqual(new Set(['mat', 'cable', 'controller', 'sensor', 'accessory']));
      const mat = items.find((p) => p.sku === 'MW-MAT-06030')!;
      expect(mat).toEqual({
        id: expect.any(String),
        sku: 'MW-MAT-06030',
        name: 'Snowmelt Mat 0.6 × 3.0 m (2 × 10 ft)',
        nameFr: expect.stringMatching(/^Tapis de déneigement 0,6 × 3,0\sm/),
        kind: 'mat',
        priceCents: expect.any(Number),
        stock: 30,
        voltage: 240,
        voltages: [240],
        minInsulationMOhm: null,
        watts: 740,
        lengthM: 3,
        widthM: 0.6,
        heatedAreaM2: 1.86,
        currentA: 3.08,
      });
      expect(items.find((p) => p.sku === 'NF-SEN-AER')).toMatchObject({ kind: 'sensor', voltage: null, watts: null });
    });

    it('sees a catalogue change at once: a new price, a product taken off sale', async () => {
      const before = await catalogue();
      const mat = before.find((p) => p.sku === 'MW-MAT-06015')!;
      const priced = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${mat.id}`, headers: admin.auth, payload: { price: mat.priceCents + 100 } });
      expect(priced.statusCode).toBe(200);
      expect((await catalogue()).find((p) => p.id === mat.id)!.priceCents).toBe(mat.priceCents + 100);
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${mat.id}`, headers: admin.auth, payload: { active: false } });
      expect((await catalogue()).some((p) => p.id === mat.id)).toBe(false);
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${mat.id}`, headers: admin.auth, payload: { active: true, price: mat.priceCents } });
      expect((await catalogue()).find((p) => p.id === mat.id)!.priceCents).toBe(mat.priceCents);
    });
  });

  describe('POST /design/calculate', () => {
    it('designs on the live catalogue without sign-in: circuits within 80% on GFEP breakers, a BOM at catalogue prices', async () => {
      const res = await calculate(DRIVEWAY);
      expect(res.statusCode).toBe(200);
      const result = res.json() as DesignResult;
      expect(result.heatFlux.method).toBe('heat-balance');
      expect(result.heatFlux.designWm2).toBeGreaterThan(0);
      expect(result.areas).toHaveLength(1);
      expect(result.areas[0]).toMatchObject({ name: 'Driveway', system: 'mat', areaM2: 18 });
      expect(result.circuits.length).toBeGreaterThan(0);
      for (const c of result.circuits) {
        expect(c.gfep).toBe(true);
        expect(c.loadAmps).toBeLessThanOrEqual(0.8 * c.breakerAmps + 1e-9);
      }
      const live = new Map((await catalogue()).map((p) => [p.id, p]));
      for (const line of result.bom) {
        expect(live.get(line.productId)).toMatchObject({ sku: line.sku, name: line.name, nameFr: line.nameFr, priceCents: line.unitPriceCents });
        expect(line.nameFr).toEqual(expect.any(String));
        expect(line.lineTotalCents).toBe(line.unitPriceCents * line.quantity);
      }
      expect(result.totals.priceCents).toBe(result.bom.reduce((n, l) => n + l.lineTotalCents, 0));
    });

    it('prices the BOM from the catalogue as it is now', async () => {
      const first = (await calculate(DRIVEWAY)).json() as DesignResult;
      const line = first.bom.find((l) => l.role === 'mat')!;
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${line.productId}`, headers: admin.auth, payload: { price: line.unitPriceCents + 1_000 } });
      const again = (await calculate(DRIVEWAY)).json() as DesignResult;
      expect(again.bom.find((l) => l.productId === line.productId)!.unitPriceCents).toBe(line.unitPriceCents + 1_000);
      await t.app.inject({ method: 'PUT', url: `/api/v1/products/${line.productId}`, headers: admin.auth, payload: { price: line.unitPriceCents } });
    });

    it('answers bad input with a 400 that names the field', async () => {
      const noArea = await calculate({ ...DRIVEWAY, areas: [] });
      expect(noArea.statusCode).toBe(400);
      expect(noArea.json()).toMatchObject({ code: 'design.areasRequired', issues: [issue('areas', m.areasRequired)] });

      const negative = await calculate({ ...DRIVEWAY, areas: [{ name: 'Walk', widthM: -2, lengthM: 5 }] });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().issues).toContainEqual(issue('areas.0.widthM', m.sizeInvalid));

      const badVoltage = await calculate({ ...DRIVEWAY, voltage: 230 });
      expect(badVoltage.statusCode).toBe(400);
      expect(badVoltage.json().issues[0]).toMatchObject({ path: 'voltage', code: 'design.voltageInvalid' });
    });

    it('refuses a voltage no heater of the catalogue is rated for, naming the ratings: 277 and 347 V with the 240 V demo catalogue', async () => {
      for (const voltage of [277, 347]) {
        const res = await calculate({ ...DRIVEWAY, voltage });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'design.voltageUnsupported', issues: [issue('voltage', m.voltageUnsupported, { voltage, ratings: '240' })] });
      }
    });

    it('designs at 277 V once a mat is rated 240/277 V, its power re-rated by (277/240)²', async () => {
      const strip = { classDensityWm2: 300, snowFreeRatio: 0, voltage: 277, system: 'mat', areas: [{ name: 'Strip', widthM: 0.6, lengthM: 15.2 }] };
      const mat = (await catalogue()).find((p) => p.sku === 'MW-MAT-06152')!;
      const rate = (voltages: number[]) => t.app.inject({ method: 'PUT', url: `/api/v1/products/${mat.id}`, headers: admin.auth, payload: { voltages } });
      expect((await calculate(strip)).statusCode).toBe(400);
      expect((await rate([240, 277])).statusCode).toBe(200);
      try {
        expect((await catalogue()).find((p) => p.id === mat.id)!.voltages).toEqual([240, 277]);
        const res = await calculate(strip);
        expect(res.statusCode).toBe(200);
        // 3700 W at 240 V; 3700 × (277/240)² = 4928.77 W, 4928.77 / 277 = 17.79 A: over 0.8 × 20 A, on a 30 A breaker.
        expect((res.json() as DesignResult).circuits).toMatchObject([{ watts: 4928.77, loadAmps: 17.79, breakerAmps: 30 }]);
      } finally {
        await rate([240]);
      }
    });

    it('refuses a city it does not know, naming the field', async () => {
      const { weather: _typed, ...rest } = DRIVEWAY;
      const res = await calculate({ ...rest, city: 'atlantis' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'design.cityUnknown', issues: [issue('city', m.cityUnknown)] });
    });
  });
});

describe('the rate limit of POST /design/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { designCalculatePerIp: { max: 3, windowSeconds: 60 } } });
    await seedDesignCatalogue(t);
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has made its calculations for the minute', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: DRIVEWAY })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: DRIVEWAY });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'common.rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets its own.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: DRIVEWAY, remoteAddress: '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the design catalogue with two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sameDatabaseAs: a });
    admin = await actorOf(a, 'admin');
    await seedDesignCatalogue(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Polls instance B until `seen` holds, within the bound other public caches keep. */
  async function seenByB(seen: () => Promise<boolean>) {
    const start = performance.now();
    while (!(await seen())) {
      if (performance.now() - start > 1000) throw new Error('not seen by the other instance within 1000 ms');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('sees a price changed through A on B, in the catalogue and in a calculation', async () => {
    const onB = async () => (await b.app.inject({ method: 'GET', url: '/api/v1/design/products' })).json() as DesignProduct[];
    const calculateOnB = async () => (await b.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: DRIVEWAY })).json() as DesignResult;
    // Both answers are cached on B first.
    const line = (await calculateOnB()).bom.find((l) => l.role === 'mat')!;
    expect((await onB()).find((p) => p.id === line.productId)!.priceCents).toBe(line.unitPriceCents);
    const price = line.unitPriceCents + 2_500;
    expect((await a.app.inject({ method: 'PUT', url: `/api/v1/products/${line.productId}`, headers: admin.auth, payload: { price } })).statusCode).toBe(200);
    await seenByB(async () => (await onB()).find((p) => p.id === line.productId)!.priceCents === price);
    expect((await calculateOnB()).bom.find((l) => l.productId === line.productId)!.unitPriceCents).toBe(price);
  });
});
