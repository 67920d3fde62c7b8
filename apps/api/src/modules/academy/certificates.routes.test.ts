import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { certificates } from '../../db/schema/academy.js';
import { finishCourse, issueCertificate, makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, issue, requester, type Session, type TestApp } from '../../test/harness.js';
import { addMonths } from './completion.js';

/** How many filled shapes the PDF's pages draw (`f` operators in the inflated content streams). */
async function rectanglesIn(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  let n = 0;
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const s of streams) if (s instanceof PDFRawStream) n += (inflateSync(Buffer.from(s.contents)).toString('latin1').match(/^f$/gm) ?? []).length;
  }
  return n;
}

const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('certificates', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  let course: Awaited<ReturnType<typeof makeCertifiedCourse>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Robin Installer' });
    customer = await actorOf(t, 'customer', { fullname: 'Casey Learner' });
    course = await makeCertifiedCourse(t, admin.auth, { validityMonths: 24, skills: ['Slab preparation', 'Ground-fault testing'] });
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('issuing (completeIfDone)', () => {
    it('issues one certificate with an unguessable ID, the score and an expiry of issue date + validity months', async () => {
      const now = new Date('2026-01-31T15:00:00Z');
      const learner = await actorOf(t, 'customer');
      const done = await finishCourse(t, learner.user.id, course.course.id, { now, score: 90 });
      expect(done).toMatchObject({ completed: true, certificateCode: expect.stringMatching(CODE) });
      const [row] = await t.db.select().from(certificates).where(eq(certificates.userId, learner.user.id));
      expect(row).toMatchObject({ score: 90, issuedAt: now, revokedAt: null });
      expect(row!.expiresAt!.toISOString()).toBe('2028-01-31T15:00:00.000Z');
      // Again: the same certificate, not a second one.
      expect(await finishCourse(t, learner.user.id, course.course.id, { now })).toEqual(done);
      expect(await t.db.select().from(certificates).where(eq(certificates.userId, learner.user.id))).toHaveLength(1);
      // The unique index refuses a second live certificate of the same course.
      await expect(t.db.insert(certificates).values({ code: 'X', userId: learner.user.id, courseId: course.course.id, certificationId: course.certification.id, score: 1 })).rejects.toThrow();
    });

    it('adds calendar months, the 31st becoming the last day of a shorter month', () => {
      expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
      expect(addMonths(new Date('2027-12-31T10:00:00Z'), 2).toISOString()).toBe('2028-02-29T10:00:00.000Z');
      expect(addMonths(new Date('2026-05-15T10:00:00Z'), 12).toISOString()).toBe('2027-05-15T10:00:00.000Z');
    });

    it('gives different IDs to different certificates', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) codes.add(await issueCertificate(t, (await actorOf(t, 'customer')).user.id, course.course.id));
      expect(codes.size).toBe(5);
    });
  });

  describe('reading', () => {
    let contractorCode: string, customerCode: string;
    beforeAll(async () => {
      contractorCode = await issueCertificate(t, contractor.user.id, course.course.id, { score: 85 });
      customerCode = await issueCertificate(t, customer.user.id, course.course.id);
    });

    it('lists a learner’s own certificates with what My Certifications shows', async () => {
      const res = await req('GET', '/api/v1/certificates', contractor);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 1,
        items: [
          {
            id: contractorCode,
            courseId: course.course.id,
            courseTitle: course.course.courseTitle,
            certificationName: course.certification.name,
            description: 'Lays heated mats to code.',
            courseTitleFr: null,
            certificationNameFr: null,
            descriptionFr: null,
            skills: ['Slab preparation', 'Ground-fault testing'],
            skillsFr: ['Préparation de la dalle', 'Essai de défaut à la terre'],
            instructor: course.author.name,
            holderName: 'Robin Installer',
            score: 85,
            issuedAt: expect.any(String),
            expiresAt: expect.any(String),
            status: 'valid',
            revokedReason: null,
            verificationUrl: `http://shop.test/verify/${contractorCode}`,
          },
        ],
      });
      expect((await req('GET', '/api/v1/certificates', customer)).json().items.map((c: { id: string }) => c.id)).toEqual([customerCode]);
    });

    it('shows a dealer its contractors’ certificates only, and admins everyone’s with filters', async () => {
      expect((await req('GET', '/api/v1/certificates', dealer)).json()).toMatchObject({ total: 1, items: [{ id: contractorCode }] });
      expect((await req('GET', '/api/v1/certificates', otherDealer)).json()).toEqual({ items: [], total: 0 });
      const all = (await req('GET', '/api/v1/certificates?pageSize=100', admin)).json();
      expect(all.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([contractorCode, customerCode]));
      expect((await req('GET', '/api/v1/certificates?q=robin%20inst', admin)).json()).toMatchObject({ total: 1, items: [{ id: contractorCode }] });
      expect((await req('GET', `/api/v1/certificates?q=${contractorCode.slice(0, 11).toLowerCase()}`, admin)).json()).toMatchObject({ total: 1, items: [{ id: contractorCode }] });
      const paged = (await req('GET', `/api/v1/certificates?courseId=${course.course.id}&pageSize=2&page=1`, admin)).json();
      expect(paged.items).toHaveLength(2);
      expect(paged.total).toBe(all.total);
      expect((await req('GET', '/api/v1/certificates?status=revoked', admin)).json().items.map((c: { id: string }) => c.id)).not.toContain(contractorCode);
      expect((await req('GET', '/api/v1/certificates?status=bogus', admin)).statusCode).toBe(400);
    });

    it('opens one certificate to its holder, its holder’s dealer and admins; anyone else is told it does not exist', async () => {
      for (const s of [contractor, dealer, admin]) expect((await req('GET', `/api/v1/certificates/${contractorCode}`, s)).json()).toMatchObject({ id: contractorCode, holderName: 'Robin Installer' });
      for (const s of [customer, otherDealer]) {
        const res = await req('GET', `/api/v1/certificates/${contractorCode}`, s);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(m.certificateNotFound);
      }
      expect((await req('GET', `/api/v1/certificates/${contractorCode}`)).statusCode).toBe(401);
    });

    it('writes the PDF in English and in French with the name, course, dates, score, ID and a QR code', async () => {
      const en = await req('GET', `/api/v1/certificates/${contractorCode}/pdf?lang=en`, contractor);
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toBe('application/pdf');
      expect(en.headers['content-disposition']).toBe(`attachment; filename="certificate-${contractorCode}.pdf"`);
      const text = (await pdfText(en.rawPayload)).pages.flat().join('\n');
      for (const s of ['Certificate of Completion', 'Robin Installer', course.course.courseTitle, course.certification.name, '85%', contractorCode, `http://shop.test/verify/${contractorCode}`, 'Expires']) expect(text).toContain(s);
      // The QR code of the verification address: its dark modules drawn as filled squares (a version 3+ code has hundreds).
      expect(await rectanglesIn(en.rawPayload)).toBeGreaterThan(200);
      const fr = await req('GET', `/api/v1/certificates/${contractorCode}/pdf?lang=fr`, contractor);
      const frText = (await pdfText(fr.rawPayload)).pages.flat().join('\n');
      for (const s of ['Certificat de réussite', 'Robin Installer', 'Expire le', 'ID du certificat']) expect(frText).toContain(s);
      expect((await req('GET', `/api/v1/certificates/${contractorCode}/pdf`, customer)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/certificates/${contractorCode}/pdf?lang=de`, contractor)).statusCode).toBe(400);
    });

    it('verifies a certificate for anyone signed out, and answers the same 404 for anything else', async () => {
      const res = await req('GET', `/api/v1/certificates/verify/${contractorCode}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: contractorCode,
        holderName: 'Robin Installer',
        courseTitle: course.course.courseTitle,
        certificationName: course.certification.name,
        courseTitleFr: null,
        certificationNameFr: null,
        score: 85,
        issuedAt: expect.any(String),
        expiresAt: expect.any(String),
        status: 'valid',
      });
      expect((await req('GET', `/api/v1/certificates/verify/${contractorCode.toLowerCase()}`)).json().id).toBe(contractorCode);
      const bodies = new Set<string>();
      for (const id of ['ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', 'nonsense', '%27%20or%201%3D1', 'a'.repeat(90), 'b'.repeat(100)]) {
        const missing = await req('GET', `/api/v1/certificates/verify/${id}`);
        expect(missing.statusCode).toBe(404);
        bodies.add(missing.body);
      }
      expect(bodies.size).toBe(1);
      expect(JSON.parse([...bodies][0]!).message).toBe(m.certificateNotFound);
    });

    it('limits the look-ups of one address', async () => {
      const limited = await createTestApp({ sameDatabaseAs: t, limits: { certificateVerifyPerIp: { max: 2, windowSeconds: 60 } } });
      try {
        const get = () => limited.app.inject({ method: 'GET', url: `/api/v1/certificates/verify/${contractorCode}` });
        expect((await get()).statusCode).toBe(200);
        expect((await get()).statusCode).toBe(200);
        const third = await get();
        expect(third.statusCode).toBe(429);
        expect(third.json().message).toBe(m.tooManyVerifications);
      } finally {
        await limited.close();
      }
    });
  });

  describe('revoking and reissuing', () => {
    it('revokes with a reason, then reissues under a new ID that names the old one', async () => {
      const learner = await actorOf(t, 'customer');
      const code = await issueCertificate(t, learner.user.id, course.course.id, { score: 92 });
      expect((await req('POST', `/api/v1/certificates/${code}/reissue`, admin)).json()).toMatchObject({ message: m.certificateNotReissuable });
      const empty = await req('POST', `/api/v1/certificates/${code}/revoke`, admin, { reason: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toEqual([issue('reason', m.revokeReasonRequired)]);

      const revoked = await req('POST', `/api/v1/certificates/${code}/revoke`, admin, { reason: 'Quiz answers shared' });
      expect(revoked.json()).toMatchObject({ id: code, status: 'revoked', revokedReason: 'Quiz answers shared' });
      expect((await req('GET', `/api/v1/certificates/verify/${code}`)).json().status).toBe('revoked');
      expect((await req('POST', `/api/v1/certificates/${code}/revoke`, admin, { reason: 'Again' })).statusCode).toBe(409);
      expect((await req('GET', '/api/v1/certificates?status=revoked&pageSize=100', admin)).json().items.map((c: { id: string }) => c.id)).toContain(code);

      const reissued = await req('POST', `/api/v1/certificates/${code}/reissue`, admin);
      expect(reissued.statusCode).toBe(201);
      const fresh = reissued.json();
      expect(fresh).toMatchObject({ status: 'valid', score: 92, revokedReason: null });
      expect(fresh.id).toMatch(CODE);
      expect(fresh.id).not.toBe(code);
      const [newRow] = await t.db.select().from(certificates).where(eq(certificates.code, fresh.id));
      const [oldRow] = await t.db.select().from(certificates).where(eq(certificates.code, code));
      expect(newRow!.replacesId).toBe(oldRow!.id);
      expect(oldRow!.revokedReason).toBe('Quiz answers shared');
      expect((await req('GET', `/api/v1/certificates/verify/${code}`)).json().status).toBe('revoked');
      expect((await req('POST', `/api/v1/certificates/${code}/reissue`, admin)).json()).toMatchObject({ message: m.certificateReplaced });
      expect((await req('GET', '/api/v1/certificates', learner)).json().items.map((c: { id: string }) => c.id)).toEqual([fresh.id, code]);
    });

    it('reissues an expired certificate, marking the old one replaced', async () => {
      const learner = await actorOf(t, 'customer');
      const code = await issueCertificate(t, learner.user.id, course.course.id, { now: new Date(Date.now() - 3 * YEAR_MS) });
      expect((await req('GET', `/api/v1/certificates/verify/${code}`)).json().status).toBe('expired');
      expect((await req('GET', '/api/v1/certificates?status=expired', learner)).json().total).toBe(1);
      const fresh = (await req('POST', `/api/v1/certificates/${code}/reissue`, admin)).json();
      expect(fresh.status).toBe('valid');
      expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(Date.now() + YEAR_MS);
      const old = (await req('GET', `/api/v1/certificates/${code}`, admin)).json();
      expect(old).toMatchObject({ status: 'revoked', revokedReason: `Replaced by ${fresh.id}` });
    });

    it('leaves revoking and reissuing to admins, and a missing ID is 404', async () => {
      const code = await issueCertificate(t, (await actorOf(t, 'customer')).user.id, course.course.id);
      for (const s of [dealer, contractor, customer]) expect((await req('POST', `/api/v1/certificates/${code}/revoke`, s, { reason: 'x' })).statusCode).toBe(403);
      expect((await req('POST', '/api/v1/certificates/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ/revoke', admin, { reason: 'x' })).statusCode).toBe(404);
      expect((await req('POST', '/api/v1/certificates/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ/reissue', admin)).statusCode).toBe(404);
    });
  });

  describe('certified installers', () => {
    it('marks contractors holding a current certificate, and the dealers they chose, in one query per list', async () => {
      const d = await actorOf(t, 'dealer');
      const certifiedOne = await actorOf(t, 'contractor', { dealerId: d.user.id });
      const expiredOne = await actorOf(t, 'contractor', { dealerId: d.user.id });
      const revokedOne = await actorOf(t, 'contractor', { dealerId: d.user.id });
      const never = await actorOf(t, 'contractor', { dealerId: d.user.id });
      const lonely = await actorOf(t, 'dealer');
      const lapsed = await actorOf(t, 'contractor', { dealerId: lonely.user.id });
      await issueCertificate(t, certifiedOne.user.id, course.course.id);
      await issueCertificate(t, expiredOne.user.id, course.course.id, { now: new Date(Date.now() - 3 * YEAR_MS) });
      await issueCertificate(t, lapsed.user.id, course.course.id, { now: new Date(Date.now() - 3 * YEAR_MS) });
      const code = await issueCertificate(t, revokedOne.user.id, course.course.id);
      await req('POST', `/api/v1/certificates/${code}/revoke`, admin, { reason: 'Answers shared' });

      const rows = (await req('GET', '/api/v1/users/contractors?pageSize=50', d)).json().items as { id: string; certified: boolean }[];
      const flag = Object.fromEntries(rows.map((r) => [r.id, r.certified]));
      expect(flag).toEqual({ [certifiedOne.user.id]: true, [expiredOne.user.id]: false, [revokedOne.user.id]: false, [never.user.id]: false });
      const adminRows = (await req('GET', `/api/v1/users/contractors?pageSize=50&sort=fullname&order=asc&q=${encodeURIComponent(certifiedOne.user.fullname)}`, admin)).json().items;
      expect(adminRows).toMatchObject([{ id: certifiedOne.user.id, certified: true }]);

      const dealers = (await req('GET', '/api/v1/users/publicdealer')).json().items as { id: string; certified: boolean }[];
      expect(dealers.find((x) => x.id === d.user.id)?.certified).toBe(true);
      expect(dealers.find((x) => x.id === lonely.user.id)?.certified).toBe(false);
    });
  });
});
