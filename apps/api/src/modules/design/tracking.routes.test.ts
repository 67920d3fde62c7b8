import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designMessages as m } from '@meltway/shared/design/messages';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { products } from '../../db/schema/catalogue.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { designCast, makeProject } from '../../test/design-fixtures.js';
import { createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';

describe('tracking a project to inspection', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, dealer, otherDealer, contractor, customer } = await designCast(t));
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const sharedProject = async () => {
    const project = await makeProject(t, contractor);
    await req('PUT', `/api/v1/designs/${project.id}`, contractor, { shared: true });
    return project;
  };
  // The driveway is designed at 240 V: a unit of P watts reads R = 240² / P ohms, to 0.01 Ω.
  const nominalOhm = (p: DesignProject, unit: string) => Math.round((240 * 240 * 100) / p.units.find((u) => u.unit === unit)!.watts) / 100;
  /** A reading that passes: well insulated, the conductor at its nominal resistance. */
  const good = (p: DesignProject, unit: string, phase: 'before' | 'after', insulationMOhm = 550) => ({ unit, phase, insulationMOhm, continuityOhm: nominalOhm(p, unit) });
  const record = (s: Session, p: DesignProject, body: { unit: string; phase: 'before' | 'after'; insulationMOhm: number; continuityOhm: number }) =>
    req('POST', `/api/v1/designs/${p.id}/readings`, s, body);
  const readingOf = (p: DesignProject, unit: string, phase: 'before' | 'after') => p.readings.find((r) => r.unit === unit && r.phase === phase)!;
  const photo = (s: Session, id: string, bytes: Uint8Array = PNG, name = 'site.png') =>
    t.app.inject({ method: 'POST', url: `/api/v1/designs/${id}/photos`, headers: s.auth, payload: form({}, [['photo', name, bytes]]) });
  const setStatus = (s: Session, id: string, status: string) => req('PUT', `/api/v1/designs/${id}`, s, { status });

  it('moves designed → ordered → installed → inspected one step at a time, inspected only when nothing is missing', async () => {
    const project = await sharedProject();
    const units = project.units.map((u) => u.unit);
    expect(units.length).toBeGreaterThan(0);
    // A new project misses its installation, both readings of every unit, and a photo.
    expect(project.missing.map((x) => x.code)).toEqual(['missingInstalled', ...units.flatMap(() => ['missingReading', 'missingReading']), 'missingPhoto']);
    expect(project.missing[1]).toEqual({ code: 'missingReading', params: { unit: units[0], phase: 'before' }, text: `No reading of ${units[0]} before the pour` });

    const skip = await setStatus(contractor, project.id, 'installed');
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toMatchObject({ code: 'design.statusNotNext', issues: [issue('status', m.statusNotNext)] });
    expect((await setStatus(contractor, project.id, 'ordered')).json()).toMatchObject({ status: 'ordered' });
    expect((await setStatus(contractor, project.id, 'designed')).statusCode).toBe(400);
    // The status it has already: nothing to move.
    expect((await setStatus(contractor, project.id, 'ordered')).statusCode).toBe(200);
    // The dealer reads the shared project but does not move it.
    expect((await setStatus(dealer, project.id, 'installed')).statusCode).toBe(404);
    const installed = (await setStatus(contractor, project.id, 'installed')).json() as DesignProject;
    expect(installed.status).toBe('installed');
    expect(installed.missing.map((x) => x.code)).not.toContain('missingInstalled');

    const early = await setStatus(contractor, project.id, 'inspected');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'design.inspectionIncomplete',
      params: { from: 'installed', to: 'inspected', count: units.length * 2 + 1 },
      issues: [{ path: 'status', code: 'design.inspectionIncomplete' }],
    });
    expect(early.json().params.missing).toContain(`No reading of ${units[0]} before the pour`);
    expect(early.json().params.missing).toContain('No photo of the installation yet');

    // A failing test counts for nothing: the unit is listed as failed, with what failed, and inspection waits.
    const failed = (await record(contractor, project, { unit: units[0]!, phase: 'before', insulationMOhm: 0.4, continuityOhm: 999 })).json() as DesignProject;
    expect(readingOf(failed, units[0]!, 'before')).toMatchObject({ passed: false, insulationPassed: false, continuityPassed: false });
    expect(failed.missing).toContainEqual({
      code: 'missingReadingFailed',
      params: expect.objectContaining({ unit: units[0], phase: 'before', failed: 'both', insulationMOhm: 0.4, continuityOhm: 999, minInsulationMOhm: 100 }),
      text: expect.stringMatching(new RegExp(`^${units[0]} failed its test before the pour: insulation 0.4 MΩ, at least 100 MΩ needed; continuity 999 Ω, `)),
    });
    for (const unit of units) {
      for (const phase of ['before', 'after'] as const) {
        if (unit !== units[0] || phase !== 'before') expect((await record(contractor, project, good(project, unit, phase))).statusCode).toBe(201);
      }
    }
    expect((await photo(contractor, project.id)).statusCode).toBe(201);
    const stillFailing = await setStatus(contractor, project.id, 'inspected');
    expect(stillFailing.statusCode).toBe(409);
    expect(stillFailing.json()).toMatchObject({ code: 'design.inspectionIncomplete', params: { count: 1 } });
    expect(stillFailing.json().params.missing).toMatch(new RegExp(`^${units[0]} failed its test before the pour`));
    const photos = ((await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject).photos;
    await req('DELETE', `/api/v1/designs/${project.id}/photos/${photos[0]!.id}`, contractor);

    // Tested again after the repair, it passes.
    expect((await record(contractor, project, good(project, units[0]!, 'before'))).statusCode).toBe(201);
    const withReadings = (await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject;
    expect(withReadings.readings.every((r) => r.passed)).toBe(true);
    expect(withReadings.missing).toEqual([{ code: 'missingPhoto', params: {}, text: 'No photo of the installation yet' }]);
    const noPhoto = await setStatus(contractor, project.id, 'inspected');
    expect(noPhoto.statusCode).toBe(409);
    expect(noPhoto.json().params).toMatchObject({ count: 1, missing: 'No photo of the installation yet' });

    const photographed = (await photo(contractor, project.id)).json() as DesignProject;
    expect(photographed.missing).toEqual([]);
    expect((await setStatus(contractor, project.id, 'inspected')).json()).toMatchObject({ status: 'inspected', missing: [] });
    expect((await setStatus(contractor, project.id, 'installed')).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/designs/${project.id}`, dealer)).json()).toMatchObject({ status: 'inspected', editable: false });
    // What the inspector saw stays: no reading or photo is added, replaced or removed after inspection.
    const inspected = (await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject;
    const frozen = [
      await record(contractor, project, good(project, units[0]!, 'after')),
      await req('DELETE', `/api/v1/designs/${project.id}/readings/${inspected.readings[0]!.id}`, contractor),
      await req('DELETE', `/api/v1/designs/${project.id}/photos/${inspected.photos[0]!.id}`, contractor),
      await photo(contractor, project.id),
    ];
    for (const res of frozen) expect(res.json()).toMatchObject({ code: 'design.projectInspected' });
    expect(frozen.map((res) => res.statusCode)).toEqual([409, 409, 409, 409]);
    const after = (await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject;
    expect({ readings: after.readings, photos: after.photos }).toEqual({ readings: inspected.readings, photos: inspected.photos });
  });

  describe('readings', () => {
    it('records a test per unit and phase; a new test of the same unit and phase replaces the old', async () => {
      const project = await sharedProject();
      const unit = project.units[0]!.unit;
      const first = await record(contractor, project, good(project, unit, 'before', 500));
      expect(first.statusCode).toBe(201);
      const nominal = nominalOhm(project, unit);
      expect((first.json() as DesignProject).readings).toEqual([
        {
          id: expect.any(String),
          unit,
          phase: 'before',
          insulationMOhm: 500,
          continuityOhm: nominal,
          recordedAt: expect.any(String),
          recordedBy: 'Robin Installer',
          passed: true,
          insulationPassed: true,
          continuityPassed: true,
          rule: { minInsulationMOhm: 100, nominalOhm: nominal, minOhm: Math.round(nominal * 90) / 100, maxOhm: Math.round(nominal * 110) / 100 },
        },
      ]);
      const again = (await record(admin, project, good(project, unit, 'before', 1200))).json() as DesignProject;
      expect(again.readings).toHaveLength(1);
      expect(again.readings[0]).toMatchObject({ unit, phase: 'before', insulationMOhm: 1200, recordedBy: admin.user.fullname });
      const after = (await record(contractor, project, good(project, unit, 'after'))).json() as DesignProject;
      expect(after.readings.map((r) => r.phase)).toEqual(['after', 'before']);
      expect(after.missing.some((x) => x.code === 'missingReading' && x.params.unit === unit)).toBe(false);
    });

    it('refuses a unit the project does not have, and bad figures, naming the field', async () => {
      const project = await sharedProject();
      const unknown = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, { ...good(project, project.units[0]!.unit, 'before'), unit: 'A9-M9' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'design.readingProductUnknown', issues: [issue('unit', m.readingProductUnknown)] });
      const negative = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, { ...good(project, project.units[0]!.unit, 'before'), insulationMOhm: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().issues).toContainEqual(issue('insulationMOhm', m.readingInvalid));
      const phase = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, { ...good(project, project.units[0]!.unit, 'before'), phase: 'during' });
      expect(phase.json().issues).toContainEqual(issue('phase', m.readingInvalid));
    });

    it('lets only the owner and admins record and remove readings', async () => {
      const project = await sharedProject();
      const unit = project.units[0]!.unit;
      const url = `/api/v1/designs/${project.id}/readings`;
      expect((await req('POST', url, undefined, good(project, unit, 'before'))).statusCode).toBe(401);
      for (const s of [dealer, otherDealer, customer]) expect((await req('POST', url, s, good(project, unit, 'before'))).statusCode).toBe(404);
      const made = (await req('POST', url, contractor, good(project, unit, 'before'))).json() as DesignProject;
      const id = made.readings[0]!.id;
      expect((await req('DELETE', `${url}/${id}`, dealer)).statusCode).toBe(404);
      const removed = await req('DELETE', `${url}/${id}`, contractor);
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as DesignProject).readings).toEqual([]);
      expect((await req('DELETE', `${url}/${id}`, contractor)).statusCode).toBe(404);
      expect((await req('DELETE', `${url}/${MISSING}`, admin)).statusCode).toBe(404);
    });
  });

  describe('judging readings', () => {
    const judge = async (p: DesignProject, insulationMOhm: number, continuityOhm: number) => {
      const unit = p.units[0]!.unit;
      const res = await record(contractor, p, { unit, phase: 'before', insulationMOhm, continuityOhm });
      expect(res.statusCode).toBe(201);
      const { passed, insulationPassed, continuityPassed, rule } = readingOf(res.json() as DesignProject, unit, 'before');
      return { passed, insulationPassed, continuityPassed, rule };
    };

    it('passes insulation from exactly 100 MΩ, not at 99.9', async () => {
      const project = await sharedProject();
      const nominal = nominalOhm(project, project.units[0]!.unit);
      expect(await judge(project, 100, nominal)).toMatchObject({ passed: true, insulationPassed: true, rule: { minInsulationMOhm: 100 } });
      expect(await judge(project, 99.9, nominal)).toMatchObject({ passed: false, insulationPassed: false, continuityPassed: true });
      const missing = ((await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject).missing;
      expect(missing.find((x) => x.code === 'missingReadingFailed')).toMatchObject({ params: { unit: project.units[0]!.unit, phase: 'before', failed: 'insulation' } });
    });

    it('passes continuity within ±10% of R = V²/P, bounds included, and fails it 0.01 Ω beyond', async () => {
      const project = await sharedProject();
      const unit = project.units[0]!;
      const nominal = nominalOhm(project, unit.unit);
      const { rule } = await judge(project, 500, nominal);
      // The unit carries the rule before any reading of it.
      expect(unit.rule).toEqual(rule);
      expect(rule.nominalOhm).toBeCloseTo((240 * 240) / unit.watts, 2);
      expect(rule.minOhm).toBeCloseTo(nominal * 0.9, 2);
      expect(rule.maxOhm).toBeCloseTo(nominal * 1.1, 2);
      expect(await judge(project, 500, rule.minOhm)).toMatchObject({ passed: true, continuityPassed: true });
      expect(await judge(project, 500, rule.maxOhm)).toMatchObject({ passed: true, continuityPassed: true });
      expect(await judge(project, 500, Math.round((rule.minOhm - 0.01) * 100) / 100)).toMatchObject({ passed: false, continuityPassed: false, insulationPassed: true });
      expect(await judge(project, 500, Math.round((rule.maxOhm + 0.01) * 100) / 100)).toMatchObject({ passed: false, continuityPassed: false });
      expect(await judge(project, 500, 999)).toMatchObject({ passed: false, continuityPassed: false });
    });

    it('asks the higher least insulation resistance a product states, never less than 100 MΩ', async () => {
      const project = await sharedProject();
      const { sku } = project.units[0]!;
      const nominal = nominalOhm(project, project.units[0]!.unit);
      const state = async (minInsulationMOhm: number | null) => {
        await t.db.update(products).set({ minInsulationMOhm }).where(eq(products.sku, sku));
        await t.app.cacheVersions.refresh();
      };
      try {
        await state(500);
        expect(((await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject).units[0]!.rule.minInsulationMOhm).toBe(500);
        expect(await judge(project, 499.9, nominal)).toMatchObject({ passed: false, insulationPassed: false, rule: { minInsulationMOhm: 500 } });
        expect(await judge(project, 500, nominal)).toMatchObject({ passed: true, rule: { minInsulationMOhm: 500 } });
        await state(50);
        expect(await judge(project, 99.9, nominal)).toMatchObject({ passed: false, rule: { minInsulationMOhm: 100 } });
      } finally {
        await state(null);
      }
    });
  });

  describe('photos', () => {
    it('keeps an image checked by its bytes under a generated name, and removes it with its file', async () => {
      const project = await sharedProject();
      const res = await photo(contractor, project.id, PNG, '../../etc/passwd.png');
      expect(res.statusCode).toBe(201);
      const [kept] = (res.json() as DesignProject).photos;
      expect(kept!.url).toMatch(/^\/uploads\/designs\/[0-9a-f-]{36}\.png$/);
      const file = path.join(t.dataDir, kept!.url);
      expect(existsSync(file)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: kept!.url })).statusCode).toBe(200);

      expect((await req('DELETE', `/api/v1/designs/${project.id}/photos/${kept!.id}`, dealer)).statusCode).toBe(404);
      const removed = await req('DELETE', `/api/v1/designs/${project.id}/photos/${kept!.id}`, contractor);
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as DesignProject).photos).toEqual([]);
      expect(existsSync(file)).toBe(false);
      expect((await req('DELETE', `/api/v1/designs/${project.id}/photos/${kept!.id}`, contractor)).statusCode).toBe(404);
    });

    it('refuses what is not an image, a missing file, and an image over the size limit', async () => {
      const project = await sharedProject();
      const text = await photo(contractor, project.id, new TextEncoder().encode('not a picture at all'), 'fake.png');
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ code: 'design.photoInvalid', issues: [issue('photo', m.photoInvalid)] });
      const none = await t.app.inject({ method: 'POST', url: `/api/v1/designs/${project.id}/photos`, headers: contractor.auth, payload: form({ note: 'no file' }) });
      expect(none.statusCode).toBe(400);
      expect(none.json().issues).toContainEqual(issue('photo', m.photoInvalid));
      const huge = new Uint8Array(5 * 1024 * 1024 + 1);
      huge.set(PNG);
      expect((await photo(contractor, project.id, huge)).statusCode).toBe(413);
      const twoFiles = await t.app.inject({
        method: 'POST',
        url: `/api/v1/designs/${project.id}/photos`,
        headers: contractor.auth,
        payload: form({}, [['photo', 'a.png', PNG], ['photo', 'b.png', PNG]]),
      });
      expect(twoFiles.statusCode).toBe(413);
      expect((await req('GET', `/api/v1/designs/${project.id}`, contractor)).json().photos).toEqual([]);
    });

    it('lets only the owner and admins add photos', async () => {
      const project = await sharedProject();
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/designs/${project.id}/photos`, payload: form({}, [['photo', 'a.png', PNG]]) })).statusCode).toBe(401);
      for (const s of [dealer, otherDealer, customer]) expect((await photo(s, project.id)).statusCode).toBe(404);
      expect((await photo(admin, project.id)).statusCode).toBe(201);
    });

    it('removes the photos’ files with the project', async () => {
      const project = await sharedProject();
      const url = ((await photo(contractor, project.id)).json() as DesignProject).photos[0]!.url;
      expect((await req('DELETE', `/api/v1/designs/${project.id}`, contractor)).statusCode).toBe(204);
      expect(existsSync(path.join(t.dataDir, url))).toBe(false);
    });
  });
});
