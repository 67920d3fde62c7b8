import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installersMessages as m } from '@meltway/shared/installers/messages';
import { POSTAL_AREAS_ATTRIBUTION } from '@meltway/shared/installers/installer.schema';
import { certificates, certifications } from '../../db/schema/academy.js';
import { installerProfiles } from '../../db/schema/installers.js';
import { makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, issue, makeUser, requester, type Session, type TestApp } from '../../test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PROFILE = { companyName: 'Thaw Crew', descriptionEn: 'Heated driveways and walks.', descriptionFr: 'Entrées chauffées.', postalCode: 'k1p 1a4', radiusKm: 40, capacityPerMonth: 6, visible: true };

describe('installers', () => {
  let t: TestApp;
  let admin: Session, customer: Session, dealerSession: Session;
  let dealer: { id: string; fullname: string };
  /** Two certified courses: `general` names no family (qualifies for all), `cable` names cables and controls. */
  let general: { courseId: string; certificationId: string; name: string };
  let cable: { courseId: string; certificationId: string; name: string };
  const req = requester(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
    const d = await makeUser(t, { role: 'dealer', fullname: 'Northern Thaw Supply' });
    dealer = { id: d.id, fullname: d.fullname };
    dealerSession = await actorOf(t, 'dealer');
    const [a, b] = [await makeCertifiedCourse(t, admin.auth), await makeCertifiedCourse(t, admin.auth)];
    general = { courseId: a.course.id, certificationId: a.certification.id, name: a.certification.name };
    cable = { courseId: b.course.id, certificationId: b.certification.id, name: b.certification.name };
    await t.db.update(certifications).set({ productFamilies: ['cable', 'controls'] }).where(eq(certifications.id, cable.certificationId));
  });
  afterAll(() => t.close());

  /** A certificate of `course`'s certification for the user: valid unless it expired or was revoked. */
  const certify = (userId: string, course: typeof general, o: { expiresAt?: Date; revoked?: boolean } = {}) =>
    t.db.insert(certificates).values({ code: `INSTALLER-${randomUUID()}`, userId, courseId: course.courseId, certificationId: course.certificationId, score: 90, expiresAt: o.expiresAt ?? null, revokedAt: o.revoked ? new Date() : null });

  const contractor = () => actorOf(t, 'contractor', { dealerId: dealer.id });

  /** An approved contractor of `dealer` holding `courses`' certificates, with a saved profile. */
  async function installer(profile: Partial<typeof PROFILE> & { productFamilies?: string[] }, courses: (typeof general)[] = [general]) {
    const s = await contractor();
    for (const course of courses) await certify(s.user.id, course);
    const res = await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, ...profile });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  describe('the profile', () => {
    it('is null until a certified contractor saves it, then answers the fields it took, its postal code written A1A 1A1', async () => {
      const s = await contractor();
      await certify(s.user.id, general, { expiresAt: new Date(Date.now() + 30 * DAY_MS) });
      const before = await req('GET', '/api/v1/installer-profile', s);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toBeNull();
      const saved = await req('PUT', '/api/v1/installer-profile', s, PROFILE);
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = { ...PROFILE, postalCode: 'K1P 1A4', productFamilies: [] };
      expect(saved.json()).toEqual(expected);
      expect((await req('GET', '/api/v1/installer-profile', s)).json()).toEqual(expected);
      // The FSA's centroid is copied beside it (GeoNames' K1P: Parliament Hill).
      const [row] = await t.db.select().from(installerProfiles).where(eq(installerProfiles.contractorId, s.user.id));
      expect(row).toMatchObject({ fsa: 'K1P', latitude: 45.4225, longitude: -75.7026 });
      // Saving again changes the one profile; the French description blank: the English one serves.
      const again = await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, descriptionFr: '', postalCode: 'K7L3N6', productFamilies: ['controls', 'mat', 'mat'], visible: false });
      expect(again.json()).toEqual({ ...expected, descriptionFr: null, postalCode: 'K7L 3N6', productFamilies: ['mat', 'controls'], visible: false });
      expect(await t.db.select().from(installerProfiles).where(eq(installerProfiles.contractorId, s.user.id))).toHaveLength(1);
    });

    it('is refused with 403 installers.notCertified to a contractor without a valid certification: none, expired or revoked', async () => {
      const none = await contractor();
      const expired = await contractor();
      await certify(expired.user.id, general, { expiresAt: new Date(Date.now() - DAY_MS) });
      const revoked = await contractor();
      await certify(revoked.user.id, general, { revoked: true });
      for (const s of [none, expired, revoked]) {
        const res = await req('PUT', '/api/v1/installer-profile', s, PROFILE);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'installers.notCertified', message: m.notCertified });
      }
      expect(await t.db.select().from(installerProfiles).where(eq(installerProfiles.contractorId, none.user.id))).toEqual([]);
    });

    it('names each bad field', async () => {
      const s = await contractor();
      await certify(s.user.id, cable);
      const bad = await req('PUT', '/api/v1/installer-profile', s, { companyName: ' ', descriptionEn: '', postalCode: 'XYZ', radiusKm: 5, productFamilies: ['mat', 'heat pump'], capacityPerMonth: 0, visible: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        issue('companyName', m.companyNameRequired),
        issue('descriptionEn', m.descriptionRequired),
        issue('postalCode', m.postalCodeInvalid),
        issue('radiusKm', m.radiusInvalid),
        issue('productFamilies.1', m.productFamiliesInvalid),
        issue('capacityPerMonth', m.capacityInvalid),
        issue('visible', m.visibleInvalid),
      ]);
      const more = await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, radiusKm: 300.5, capacityPerMonth: 1001, descriptionFr: 'é'.repeat(501) });
      expect(more.json().issues.map((i: { path: string }) => i.path)).toEqual(['descriptionFr', 'radiusKm', 'capacityPerMonth']);
      // A postal code of the right form whose area the table does not have.
      const unknown = await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, postalCode: 'K0Z 1A1' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues).toEqual([issue('postalCode', m.postalCodeUnknown)]);
      // A family none of its certifications qualifies it for.
      const mats = await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, productFamilies: ['cable', 'mat'] });
      expect(mats.statusCode).toBe(400);
      expect(mats.json().issues).toEqual([issue('productFamilies', m.familyNotCertified, { family: 'mat' })]);
      // Hidden, so the search below does not list it.
      expect((await req('PUT', '/api/v1/installer-profile', s, { ...PROFILE, productFamilies: ['cable'], visible: false })).statusCode).toBe(200);
    });

    it('is a contractor\'s only: 401 without a session, 403 to every other role', async () => {
      expect((await req('GET', '/api/v1/installer-profile')).statusCode).toBe(401);
      expect((await req('PUT', '/api/v1/installer-profile', undefined, PROFILE)).statusCode).toBe(401);
      for (const s of [customer, dealerSession, admin]) {
        expect((await req('GET', '/api/v1/installer-profile', s)).statusCode).toBe(403);
        expect((await req('PUT', '/api/v1/installer-profile', s, PROFILE)).statusCode).toBe(403);
      }
    });
  });

  describe('the search', () => {
    const search = async (query: string) => {
      const res = await req('GET', `/api/v1/installers?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; companyName: string; distanceKm: number; certifications: { name: string; validUntil: string | null }[]; dealer: unknown }[]; attribution: string };
    };
    const names = async (query: string) => (await search(query)).items.map((i) => i.companyName);

    beforeAll(async () => {
      // Around Ottawa's K1A (45.4207, -75.7023): K1P is 0.2 km away, K2P 1.0 km, Kingston's K7L 137.6 km.
      await installer({ companyName: 'Parliament Cables', postalCode: 'K1P 1A4', radiusKm: 20 }, [cable]);
      await installer({ companyName: 'Centre Town Mats', postalCode: 'K2P 0A1', radiusKm: 20 });
      await installer({ companyName: 'Kingston Near', postalCode: 'K7L 3N6', radiusKm: 100 });
      await installer({ companyName: 'Kingston Far', postalCode: 'K7L 3N6', radiusKm: 200 });
      await installer({ companyName: 'Hidden Heat', postalCode: 'K1A 0B1', visible: false });
      await installer({ companyName: 'Cables Only', postalCode: 'K1A 0B1', productFamilies: ['cable'] }, [general]);
      const lapsed = await installer({ companyName: 'Lapsed Crew', postalCode: 'K1A 0B1' }, []).catch(() => null);
      expect(lapsed).toBeNull();
      // A contractor whose certificate expired after it saved its profile is no longer listed.
      const expiring = await contractor();
      await certify(expiring.user.id, general, { expiresAt: new Date(Date.now() + DAY_MS) });
      expect((await req('PUT', '/api/v1/installer-profile', expiring, { ...PROFILE, companyName: 'Expired Since', postalCode: 'K1A 0B1' })).statusCode).toBe(200);
      await t.db.update(certificates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(certificates.userId, expiring.user.id));
    });

    it('lists the installers whose area covers the postal code, nearest first, with their certifications and dealer', async () => {
      const found = await search('postalCode=K1A0B1');
      expect(found.attribution).toBe(POSTAL_AREAS_ATTRIBUTION);
      expect(found.items.map((i) => i.companyName)).toEqual(['Cables Only', 'Parliament Cables', 'Centre Town Mats', 'Kingston Far']);
      const [near, parliament, centre, kingston] = found.items;
      expect(near!.distanceKm).toBe(0);
      expect(parliament!.distanceKm).toBe(0.2);
      expect(centre!.distanceKm).toBe(1);
      // Great-circle, on a sphere of 6,371 km.
      expect(kingston!.distanceKm).toBe(137.6);
      expect(parliament).toMatchObject({ certifications: [{ name: cable.name, validUntil: null }], dealer: { id: dealer.id, name: dealer.fullname } });
      // A lower-case, unspaced code is the same code.
      expect(await names('postalCode=k1a%200b1')).toEqual(found.items.map((i) => i.companyName));
    });

    it('filters by product family: a certification naming families qualifies for those, one naming none for all', async () => {
      expect(await names('postalCode=K1A0B1&family=mat')).toEqual(['Centre Town Mats', 'Kingston Far']);
      expect(await names('postalCode=K1A0B1&family=cable')).toEqual(['Cables Only', 'Parliament Cables', 'Centre Town Mats', 'Kingston Far']);
      expect(await names('postalCode=K1A0B1&family=controls')).toEqual(['Parliament Cables', 'Centre Town Mats', 'Kingston Far']);
    });

    it('finds none outside every radius', async () => {
      expect((await search('postalCode=V6B1A1')).items).toEqual([]);
      // Kingston itself: only the two Kingston installers are that close, at the same distance by name.
      expect(await names('postalCode=K7L3N6')).toEqual(['Kingston Far', 'Kingston Near']);
    });

    it('answers 400 naming postalCode for a code that is not one and for an area it does not know', async () => {
      for (const [query, message] of [['postalCode=XYZ', m.postalCodeInvalid], ['postalCode=K0Z1A1', m.postalCodeUnknown], ['', m.postalCodeInvalid]] as const) {
        const res = await req('GET', `/api/v1/installers?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().issues[0]).toMatchObject({ path: 'postalCode', message });
      }
      const family = await req('GET', '/api/v1/installers?postalCode=K1A0B1&family=heat');
      expect(family.json().issues).toEqual([issue('family', m.familyInvalid)]);
    });
  });
});
