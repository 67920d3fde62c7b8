import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HolderList, HolderOut } from '@meltway/shared/academy/learning.schema';
import { certificates } from '../../db/schema/academy.js';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, makeUser, requester, type Session, type TestApp } from '../../test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('the compliance view: GET /api/v1/certifications/holders', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session;
  let installer: { id: string; name: string }, servicing: { id: string; name: string };
  const ids: Record<string, string> = {};
  const codes: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Northern Heat' });
    otherDealer = await actorOf(t, 'dealer', { fullname: 'Prairie Melt' });
    const first = await makeCertifiedCourse(t, admin.auth, { validityMonths: 24 });
    const second = await makeCertifiedCourse(t, admin.auth);
    installer = first.certification;
    servicing = second.certification;
    // A certification of a draft course is nobody's to hold yet: it gives no rows.
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const draft = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id }, { status: 'draft' });
    const drafted = await t.app.inject({ method: 'POST', url: '/api/v1/certifications', headers: admin.auth, payload: { name: 'Draft only', courseId: draft.id, passingScore: 80 } });
    expect(drafted.statusCode).toBe(201);

    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Ava Valid' });
    ids.ava = contractor.user.id;
    for (const [key, fullname] of [['bo', 'Bo Expiring'], ['cy', 'Cy Expired'], ['di', 'Di Revoked'], ['ed', 'Ed Never'], ['fay', 'Fay Renewed'], ['gus', 'Gus Later']] as const) {
      ids[key] = (await makeUser(t, { role: 'contractor', dealerId: dealer.user.id, fullname })).id;
    }
    ids.zed = (await makeUser(t, { role: 'contractor', dealerId: otherDealer.user.id, fullname: 'Zed Elsewhere' })).id;
    // Neither a pending contractor nor a customer holding a certificate is a row.
    ids.pending = (await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id, fullname: 'Pat Pending' })).id;
    ids.customer = (await makeUser(t, { role: 'customer', fullname: 'Cass Customer' })).id;

    let n = 0;
    const certify = async (who: string, o: { issued: Date; expires: Date | null; revoked?: Date; certification?: typeof first }) => {
      const c = o.certification ?? first;
      const code = `TEST-${(n++).toString().padStart(4, '0')}`;
      await t.db.insert(certificates).values({ code, userId: ids[who]!, courseId: c.course.id, certificationId: c.certification.id, score: 90, issuedAt: o.issued, expiresAt: o.expires, revokedAt: o.revoked ?? null, revokedReason: o.revoked ? 'Answers shared' : null });
      return code;
    };
    codes.ava = await certify('ava', { issued: daysFromNow(-30), expires: daysFromNow(700) });
    codes.bo = await certify('bo', { issued: daysFromNow(-641), expires: daysFromNow(89) });
    codes.cy = await certify('cy', { issued: daysFromNow(-731), expires: daysFromNow(-1) });
    codes.di = await certify('di', { issued: daysFromNow(-10), expires: daysFromNow(720), revoked: daysFromNow(-2) });
    // Fay's newest certificate decides: an old revoked one, then a valid one.
    await certify('fay', { issued: daysFromNow(-400), expires: daysFromNow(330), revoked: daysFromNow(-300) });
    codes.fay = await certify('fay', { issued: daysFromNow(-5), expires: daysFromNow(725) });
    // Gus holds the second certification, which never expires, and not the first.
    codes.gus = await certify('gus', { issued: daysFromNow(-3), expires: null, certification: second });
    codes.zed = await certify('zed', { issued: daysFromNow(-20), expires: daysFromNow(710) });
    await certify('pending', { issued: daysFromNow(-20), expires: daysFromNow(710) });
    await certify('customer', { issued: daysFromNow(-20), expires: daysFromNow(710) });
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const list = async (s: Session, query = '') => {
    const res = await req('GET', `/api/v1/certifications/holders${query}`, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HolderList;
  };
  const statusOf = (rows: HolderOut[], userId: string, certificationId: string) => rows.find((r) => r.userId === userId && r.certificationId === certificationId)?.status;

  it('gives a dealer one row per own approved contractor and certification of a published course, by name then certification', async () => {
    const body = await list(dealer, '?pageSize=100');
    // 7 contractors × 2 certifications; never Zed (another dealer's), Pat (pending), Cass (a customer) or the draft's.
    expect(body.total).toBe(14);
    expect(body.items).toHaveLength(14);
    expect(new Set(body.items.map((r) => r.userId))).toEqual(new Set([ids.ava, ids.bo, ids.cy, ids.di, ids.ed, ids.fay, ids.gus]));
    expect(body.items.every((r) => r.dealerId === dealer.user.id && r.dealerName === 'Northern Heat')).toBe(true);
    expect(body.items.map((r) => r.certificationName)).not.toContain('Draft only');
    const names = body.items.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const [a, b] = [installer.name, servicing.name].sort();
    expect(body.items.slice(0, 2).map((r) => [r.name, r.certificationName])).toEqual([['Ava Valid', a], ['Ava Valid', b]]);
  });

  it('computes each status from the newest certificate: valid, expiring at 89 days, expired, revoked, never', async () => {
    const { items } = await list(dealer, '?pageSize=100');
    expect(statusOf(items, ids.ava!, installer.id)).toBe('valid');
    expect(statusOf(items, ids.bo!, installer.id)).toBe('expiring');
    expect(statusOf(items, ids.cy!, installer.id)).toBe('expired');
    expect(statusOf(items, ids.di!, installer.id)).toBe('revoked');
    expect(statusOf(items, ids.ed!, installer.id)).toBe('never');
    expect(statusOf(items, ids.fay!, installer.id)).toBe('valid');
    expect(statusOf(items, ids.gus!, installer.id)).toBe('never');
    expect(statusOf(items, ids.gus!, servicing.id)).toBe('valid');
    expect(statusOf(items, ids.ava!, servicing.id)).toBe('never');

    const fay = items.find((r) => r.userId === ids.fay && r.certificationId === installer.id)!;
    expect(fay.certificateId).toBe(codes.fay);
    const gus = items.find((r) => r.userId === ids.gus && r.certificationId === servicing.id)!;
    expect(gus).toMatchObject({ certificateId: codes.gus, expiresAt: null, issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const bo = items.find((r) => r.userId === ids.bo && r.certificationId === installer.id)!;
    expect(Math.round((new Date(bo.expiresAt!).getTime() - Date.now()) / DAY_MS)).toBe(89);
    const ed = items.find((r) => r.userId === ids.ed)!;
    expect(ed).toMatchObject({ certificateId: null, issuedAt: null, expiresAt: null, email: expect.stringContaining('@') });
  });

  it('counts every row per status, whatever the status filter, and the filter selects its rows', async () => {
    const counts = { valid: 3, expiring: 1, expired: 1, revoked: 1, never: 8 };
    expect((await list(dealer)).counts).toEqual(counts);
    const expiring = await list(dealer, '?status=expiring');
    expect(expiring.counts).toEqual(counts);
    expect(expiring.total).toBe(1);
    expect(expiring.items.map((r) => r.name)).toEqual(['Bo Expiring']);
    const never = await list(dealer, '?status=never&pageSize=100');
    expect(never.total).toBe(8);
    expect(never.items.every((r) => r.status === 'never')).toBe(true);
    // The certification filter counts its own rows only.
    expect((await list(dealer, `?certificationId=${servicing.id}`)).counts).toEqual({ valid: 1, expiring: 0, expired: 0, revoked: 0, never: 6 });
  });

  it('pages and searches on the server', async () => {
    const page = await list(dealer, '?pageSize=4&page=2');
    expect(page.total).toBe(14);
    expect(page.items.map((r) => r.name)).toEqual(['Cy Expired', 'Cy Expired', 'Di Revoked', 'Di Revoked']);
    const all = await list(dealer, '?pageSize=100');
    expect(page.items).toEqual(all.items.slice(4, 8));
    const found = await list(dealer, '?q=expir');
    expect(new Set(found.items.map((r) => r.name))).toEqual(new Set(['Bo Expiring', 'Cy Expired']));
    expect(found.counts).toEqual({ valid: 0, expiring: 1, expired: 1, revoked: 0, never: 2 });
    // Wildcards are searched as text.
    expect((await list(dealer, '?q=%25')).total).toBe(0);
  });

  it('shows the other dealer only its own contractor', async () => {
    const body = await list(otherDealer, '?pageSize=100');
    const expected = [
      [installer.name, 'valid'],
      [servicing.name, 'never'],
    ].sort(([a], [b]) => a!.localeCompare(b!));
    expect(body.items.map((r) => [r.certificationName, r.status])).toEqual(expected);
    expect(body.items.every((r) => r.userId === ids.zed)).toBe(true);
    expect(body.counts).toEqual({ valid: 1, expiring: 0, expired: 0, revoked: 0, never: 1 });
  });

  it('refuses a dealer naming another dealer, and takes its own id', async () => {
    const res = await req('GET', `/api/v1/certifications/holders?dealerId=${otherDealer.user.id}`, dealer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'academy.certificationHoldersScope', message: 'Choose a dealer of your own' });
    expect((await list(dealer, `?dealerId=${dealer.user.id}`)).total).toBe(14);
  });

  it('gives admins every dealer’s contractors, filtered by dealer', async () => {
    const all = await list(admin, '?pageSize=100');
    expect(all.total).toBe(16);
    expect(new Set(all.items.map((r) => r.dealerName))).toEqual(new Set(['Northern Heat', 'Prairie Melt']));
    expect(all.counts).toEqual({ valid: 4, expiring: 1, expired: 1, revoked: 1, never: 9 });
    const other = await list(admin, `?dealerId=${otherDealer.user.id}`);
    expect(other.items.map((r) => r.userId)).toEqual([ids.zed, ids.zed]);
    expect(other.items.find((r) => r.certificationId === installer.id)).toMatchObject({ status: 'valid', certificateId: codes.zed });
    expect((await list(admin, `?dealerId=${dealer.user.id}&status=revoked`)).items.map((r) => r.name)).toEqual(['Di Revoked']);
  });

  it('refuses everyone else and bad filters', async () => {
    expect((await req('GET', '/api/v1/certifications/holders')).statusCode).toBe(401);
    expect((await req('GET', '/api/v1/certifications/holders', contractor)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/certifications/holders', await actorOf(t, 'customer'))).statusCode).toBe(403);
    for (const query of ['status=lapsed', 'dealerId=nope', 'certificationId=1', 'pageSize=101', 'sort=name']) {
      expect([query, (await req('GET', `/api/v1/certifications/holders?${query}`, admin)).statusCode]).toEqual([query, 400]);
    }
  });

  describe('GET /api/v1/certifications/holders/export.csv', () => {
    const csv = async (s: Session, query = '') => {
      const res = await req('GET', `/api/v1/certifications/holders/export.csv${query}`, s);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certifications-\d{4}-\d\d-\d\d\.csv"$/);
      return res.body.trimEnd().split('\r\n');
    };

    it('holds every row the filters select, in the list’s order, a dealer’s own only', async () => {
      const lines = await csv(dealer);
      expect(lines[0]).toBe('contractor,email,dealer,certification,status,certificate_id,issued_at,expires_at');
      expect(lines).toHaveLength(15);
      expect(lines.join('\n')).not.toContain('Zed Elsewhere');
      const { items } = await list(dealer, '?pageSize=100');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(items.map((r) => r.name));
      const bo = lines.find((l) => l.startsWith('Bo Expiring') && l.includes(installer.name))!.split(',');
      expect(bo.slice(2, 6)).toEqual(['Northern Heat', installer.name, 'expiring', codes.bo]);
      expect(bo[7]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
      const never = lines.find((l) => l.startsWith('Ed Never'))!.split(',');
      expect(never.slice(4)).toEqual(['never', '', '', '']);
    });

    it('takes the list’s filters and scope', async () => {
      expect((await csv(admin, '?status=expired')).slice(1).map((l) => l.split(',')[0])).toEqual(['Cy Expired']);
      expect(await csv(admin, `?dealerId=${otherDealer.user.id}`)).toHaveLength(3);
      expect(await csv(admin)).toHaveLength(17);
      expect((await req('GET', `/api/v1/certifications/holders/export.csv?dealerId=${otherDealer.user.id}`, dealer)).statusCode).toBe(403);
      expect((await req('GET', '/api/v1/certifications/holders/export.csv', contractor)).statusCode).toBe(403);
      expect((await req('GET', '/api/v1/certifications/holders/export.csv')).statusCode).toBe(401);
      expect((await req('GET', '/api/v1/certifications/holders/export.csv?page=2', admin)).statusCode).toBe(400);
    });
  });
});
