import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateDesign } from '@meltway/shared/design/calculate';
import { DesignInput, DesignResult, MAX_AREA_M2, MAX_AREAS, MAX_CORNERS, MAX_EXCLUSIONS, type DesignProduct } from '@meltway/shared/design/design.schema';
import { MAX_PATH_POINTS } from '@meltway/shared/design/layout';
import { designMessages as m } from '@meltway/shared/design/messages';
import { seedDesignCatalogue } from '../../test/design-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LARGEST_DESIGN } from './largest-design.js';

/** The answer to the largest valid design stays under this, on the demo catalogue (docs/architecture.md). */
const LARGEST_ANSWER_BYTES = 640 * 1024;

const calculate = (t: TestApp, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: payload as never });

describe('the engine pool behind POST /design/calculate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { designCalculatePerIp: { max: 1_000, windowSeconds: 60 } } });
    await seedDesignCatalogue(t);
  });
  afterAll(() => t.close());

  it('answers the largest valid design from its worker threads as the engine does in process, within its size bound', async () => {
    const res = await calculate(t, LARGEST_DESIGN);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.byteLength).toBeLessThan(LARGEST_ANSWER_BYTES);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const pooled = res.json() as DesignResult;
    // The engine thread's JSON is sent as it is: it must be what the response schema passes, unchanged.
    expect(DesignResult.parse(pooled)).toEqual(pooled);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/v1/design/products' })).json() as DesignProduct[];
    expect(pooled).toEqual(JSON.parse(JSON.stringify(calculateDesign(DesignInput.parse(LARGEST_DESIGN), catalogue))));
    // Close spacing over every area: each drawing is at its bound, drawn wider than laid and saying so.
    expect(pooled.areas.every((a) => a.system === 'cable')).toBe(true);
    for (const a of pooled.areas) {
      expect(a.cable!.path.length).toBeLessThanOrEqual(MAX_PATH_POINTS);
      expect(a.cable!.drawnSpacingMm).toBeGreaterThan(a.cable!.spacingMm);
      expect(a.notes.map((n) => n.code)).toContain('areaCableDrawnWider');
    }
  });

  it('answers a refusal of the engine computed in a worker as a 400 naming the field', async () => {
    const res = await calculate(t, { ...LARGEST_DESIGN, areas: [{ name: 'Walk', widthM: 3, lengthM: 6, exclusions: [{ kind: 'drain', x: 2.9, y: 1, widthM: 0.3, lengthM: 0.3 }] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'areas.0.exclusions.0', code: 'design.exclusionInvalid' })]);
  });

  it('refuses input past the limits with a 400 naming the field', async () => {
    const area = LARGEST_DESIGN.areas[0]!;
    const issue = async (payload: unknown) => {
      const res = await calculate(t, payload);
      expect(res.statusCode).toBe(400);
      return res.json().issues[0] as { path: string; code: string; message: string };
    };
    const exclusions = Array.from({ length: MAX_EXCLUSIONS + 1 }, (_, j) => ({ kind: 'post', x: 0.5 + (j % 7), y: 0.5 + Math.floor(j / 7) * 2, widthM: 0.2, lengthM: 0.2 }));
    expect(await issue({ ...LARGEST_DESIGN, areas: [{ ...area, exclusions }] })).toMatchObject({ path: 'areas.0.exclusions', code: 'design.tooManyExclusions', message: m.tooManyExclusions });
    expect(await issue({ ...LARGEST_DESIGN, areas: [...LARGEST_DESIGN.areas, area] })).toMatchObject({ path: 'areas', code: 'design.tooManyAreas' });
    const corners = Array.from({ length: MAX_CORNERS + 1 }, (_, k) => [10 * Math.cos((2 * Math.PI * k) / (MAX_CORNERS + 1)), 10 * Math.sin((2 * Math.PI * k) / (MAX_CORNERS + 1))]);
    expect(await issue({ ...LARGEST_DESIGN, areas: [{ name: 'Round', polygon: corners }] })).toMatchObject({ path: 'areas.0.polygon', code: 'design.polygonInvalid' });
    // One area just over the limit, and areas each within it but over it together.
    const over = Math.sqrt(MAX_AREA_M2) + 0.1;
    expect(await issue({ ...LARGEST_DESIGN, areas: [{ name: 'Lot', widthM: over, lengthM: over }] })).toMatchObject({ path: 'areas.0', code: 'design.areaTooLarge', message: m.areaTooLarge });
    const half = { name: 'Half', widthM: over, lengthM: over / 2 };
    expect(await issue({ ...LARGEST_DESIGN, areas: [half, { ...half, name: 'Other half' }] })).toMatchObject({ path: 'areas', code: 'design.projectTooLarge' });
    expect(MAX_AREAS).toBe(LARGEST_DESIGN.areas.length);
  });
});

describe('POST /design/calculate when the engine threads are busy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One thread and one place in the queue: a third calculation at once finds them both taken.
    t = await createTestApp({ env: { DESIGN_WORKERS: '1', DESIGN_QUEUE: '1' }, limits: { designCalculatePerIp: { max: 1_000, windowSeconds: 60 } } });
    await seedDesignCatalogue(t);
  });
  afterAll(() => t.close());

  it('answers 503 design.busy with a Retry-After to the calculations beyond the queue, and designs the others', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => calculate(t, LARGEST_DESIGN)));
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy.length + answers.filter((r) => r.statusCode === 200).length).toBe(answers.length);
    for (const r of busy) {
      expect(r.json()).toEqual({ message: m.busy, code: 'design.busy' });
      expect(r.headers['retry-after']).toBe('1');
    }
    // The refusals cost nothing later: once the queue drains, a calculation is designed.
    expect((await calculate(t, LARGEST_DESIGN)).statusCode).toBe(200);
  });
});
