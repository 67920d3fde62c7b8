import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designMessages as m } from '@meltway/shared/design/messages';
import type { DesignProject } from '@meltway/shared/design/project.schema';
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
  const reading = (unit: string, phase: 'before' | 'after', insulationMOhm = 550) => ({ unit, phase, insulationMOhm, continuityOhm: 14.2 });
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
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'design.statusStepInvalid', params: { from: 'installed', to: 'inspected' }, issues: [{ path: 'status', code: 'design.statusStepInvalid' }] });
    expect(early.json().params.missing).toContain('No photo of the installation yet');

    for (const unit of units) {
      for (const phase of ['before', 'after'] as const) expect((await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, reading(unit, phase))).statusCode).toBe(201);
    }
    const withReadings = (await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject;
    expect(withReadings.missing).toEqual([{ code: 'missingPhoto', params: {}, text: 'No photo of the installation yet' }]);
    expect((await setStatus(contractor, project.id, 'inspected')).statusCode).toBe(400);

    const photographed = (await photo(contractor, project.id)).json() as DesignProject;
    expect(photographed.missing).toEqual([]);
    expect((await setStatus(contractor, project.id, 'inspected')).json()).toMatchObject({ status: 'inspected', missing: [] });
    expect((await setStatus(contractor, project.id, 'installed')).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/designs/${project.id}`, dealer)).json()).toMatchObject({ status: 'inspected', editable: false });
    // What the inspector saw stays: no reading or photo is added, replaced or removed after inspection.
    const inspected = (await req('GET', `/api/v1/designs/${project.id}`, contractor)).json() as DesignProject;
    const frozen = [
      await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, reading(units[0]!, 'after')),
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
      const first = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, reading(unit, 'before', 500));
      expect(first.statusCode).toBe(201);
      expect((first.json() as DesignProject).readings).toEqual([
        { id: expect.any(String), unit, phase: 'before', insulationMOhm: 500, continuityOhm: 14.2, recordedAt: expect.any(String), recordedBy: 'Robin Installer' },
      ]);
      const again = (await req('POST', `/api/v1/designs/${project.id}/readings`, admin, reading(unit, 'before', 1200))).json() as DesignProject;
      expect(again.readings).toHaveLength(1);
      expect(again.readings[0]).toMatchObject({ unit, phase: 'before', insulationMOhm: 1200, recordedBy: admin.user.fullname });
      const after = (await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, reading(unit, 'after'))).json() as DesignProject;
      expect(after.readings.map((r) => r.phase)).toEqual(['after', 'before']);
      expect(after.missing.some((x) => x.code === 'missingReading' && x.params.unit === unit)).toBe(false);
    });

    it('refuses a unit the project does not have, and bad figures, naming the field', async () => {
      const project = await sharedProject();
      const unknown = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, reading('A9-M9', 'before'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'design.readingProductUnknown', issues: [issue('unit', m.readingProductUnknown)] });
      const negative = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, { ...reading(project.units[0]!.unit, 'before'), insulationMOhm: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().issues).toContainEqual(issue('insulationMOhm', m.readingInvalid));
      const phase = await req('POST', `/api/v1/designs/${project.id}/readings`, contractor, { ...reading(project.units[0]!.unit, 'before'), phase: 'during' });
      expect(phase.json().issues).toContainEqual(issue('phase', m.readingInvalid));
    });

    it('lets only the owner and admins record and remove readings', async () => {
      const project = await sharedProject();
      const unit = project.units[0]!.unit;
      const url = `/api/v1/designs/${project.id}/readings`;
      expect((await req('POST', url, undefined, reading(unit, 'before'))).statusCode).toBe(401);
      for (const s of [dealer, otherDealer, customer]) expect((await req('POST', url, s, reading(unit, 'before'))).statusCode).toBe(404);
      const made = (await req('POST', url, contractor, reading(unit, 'before'))).json() as DesignProject;
      const id = made.readings[0]!.id;
      expect((await req('DELETE', `${url}/${id}`, dealer)).statusCode).toBe(404);
      const removed = await req('DELETE', `${url}/${id}`, contractor);
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as DesignProject).readings).toEqual([]);
      expect((await req('DELETE', `${url}/${id}`, contractor)).statusCode).toBe(404);
      expect((await req('DELETE', `${url}/${MISSING}`, admin)).statusCode).toBe(404);
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
