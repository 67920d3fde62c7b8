import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { makeAuthor } from '../../test/academy-fixtures.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';
import { CSV, enrol, XLS, XLSX, zip } from '../../test/spreadsheet-fixtures.js';
import { checkXlsxEntries, spreadsheetType, UnsafeZip, zipEntries } from './spreadsheets.js';

describe('file assignments: spreadsheets handed in, kept privately, graded', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, learner: Session, stranger: Session;
  let courseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    otherDealer = await actorOf(t, 'dealer');
    learner = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    stranger = await actorOf(t, 'customer');
    const author = await makeAuthor(t, admin.auth);
    courseId = (await req('POST', '/api/v1/courses', admin, { courseTitle: 'Load calculations', author: author.id, status: 'published' })).json().id;
    await enrol(t, learner.user.id, courseId);
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const submit = (s: Session, name: string, bytes: Uint8Array, fields: Record<string, string> = { courseId }) =>
    req('POST', '/api/v1/assignment-submissions', s, form(fields, [['file', name, bytes]]));

  it('takes a .csv, an .xlsx and an .xls by their bytes and keeps them outside /uploads', async () => {
    for (const [name, bytes, type] of [['loads.csv', CSV, 'csv'], ['loads.xlsx', XLSX, 'xlsx'], ['old.xls', XLS, 'xls']] as const) {
      const res = await submit(learner, name, bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        courseId,
        courseTitle: 'Load calculations',
        userId: learner.user.id,
        learnerName: learner.user.fullname,
        fileName: name,
        fileType: type,
        size: bytes.byteLength,
        grade: null,
        gradeComment: null,
        graded_at: null,
        created_at: expect.any(String),
      });
      const file = await req('GET', `/api/v1/assignment-submissions/${res.json().id}/file`, learner);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(Buffer.from(bytes))).toBe(true);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['content-disposition']).toContain(name);
    }
    expect(await readdir(path.join(t.dataDir, 'private', 'submissions'))).toHaveLength(3);
    await expect(readdir(path.join(t.dataDir, 'uploads', 'submissions'))).rejects.toThrow();
  });

  it('refuses a renamed picture, another extension, a missing file, a file too large and a zip bomb, storing nothing', async () => {
    const before = (await readdir(path.join(t.dataDir, 'private', 'submissions')).catch(() => [])).length;
    const png = await submit(learner, 'loads.csv', PNG);
    expect(png.statusCode).toBe(400);
    expect(png.json().issues).toEqual([issue('file', m.submissionType)]);
    expect((await submit(learner, 'loads.txt', CSV)).json().issues).toEqual([issue('file', m.submissionType)]);
    expect((await submit(learner, 'nul.csv', Buffer.from('a,b\u0000c'))).json().issues).toEqual([issue('file', m.submissionType)]);
    // A zip that is not a workbook.
    expect((await submit(learner, 'x.xlsx', zip([{ name: 'readme.txt', data: CSV }]))).json().issues).toEqual([issue('file', m.submissionType)]);
    const bomb = zip([
      { name: '[Content_Types].xml', data: CSV },
      { name: 'xl/worksheets/sheet1.xml', data: CSV, declaredSize: 4_000_000_000 },
    ]);
    const refused = await submit(learner, 'bomb.xlsx', bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([issue('file', m.submissionUnsafe)]);
    const many = zip([{ name: '[Content_Types].xml', data: CSV }, ...Array.from({ length: 2001 }, (_, i) => ({ name: `xl/${i}.xml`, data: new Uint8Array(0) }))]);
    expect((await submit(learner, 'many.xlsx', many)).json().issues).toEqual([issue('file', m.submissionUnsafe)]);
    const cut = XLSX.subarray(0, XLSX.length - 10);
    expect((await submit(learner, 'cut.xlsx', cut)).json().issues).toEqual([issue('file', m.submissionUnsafe)]);
    const big = await submit(learner, 'big.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(m.submissionTooLarge);
    const none = await req('POST', '/api/v1/assignment-submissions', learner, form({ courseId }));
    expect(none.json().issues).toEqual([issue('file', m.submissionFileRequired)]);
    const noCourse = await req('POST', '/api/v1/assignment-submissions', learner, form({}, [['file', 'a.csv', CSV]]));
    expect(noCourse.json().issues).toEqual([issue('courseId', m.courseRequired)]);
    expect((await readdir(path.join(t.dataDir, 'private', 'submissions')).catch(() => [])).length).toBe(before);
  });

  it('refuses a learner who is not enrolled with a 404', async () => {
    const res = await submit(stranger, 'loads.csv', CSV);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.notEnrolled);
    expect((await submit(learner, 'loads.csv', CSV, { courseId: MISSING })).statusCode).toBe(404);
    expect((await submit(admin, 'loads.csv', CSV)).statusCode).toBe(404);
  });

  it("lists a learner's own, a dealer's contractors' and every one for admins, with filters; the file only to those", async () => {
    const mine = (await submit(learner, 'mine.csv', CSV)).json();
    await enrol(t, stranger.user.id, courseId);
    const theirs = (await submit(stranger, 'theirs.csv', CSV)).json();
    const ids = async (s: Session, q = '') => (await req('GET', `/api/v1/assignment-submissions?pageSize=100${q}`, s)).json().items.map((x: { id: string }) => x.id);
    expect(await ids(learner)).toContain(mine.id);
    expect(await ids(learner)).not.toContain(theirs.id);
    expect(await ids(stranger)).toEqual([theirs.id]);
    expect(await ids(dealer)).toContain(mine.id);
    expect(await ids(dealer)).not.toContain(theirs.id);
    expect(await ids(otherDealer)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(await ids(admin, `&courseId=${MISSING}`)).toEqual([]);
    const list = (await req('GET', '/api/v1/assignment-submissions?pageSize=1', admin)).json();
    expect(list.items).toHaveLength(1);
    expect(list.total).toBeGreaterThan(1);

    const file = (s?: Session) => req('GET', `/api/v1/assignment-submissions/${mine.id}/file`, s);
    expect((await file(stranger)).statusCode).toBe(404);
    expect((await file(otherDealer)).statusCode).toBe(404);
    expect((await file(dealer)).statusCode).toBe(200);
    expect((await file(admin)).statusCode).toBe(200);
    expect((await file()).statusCode).toBe(401);
    expect((await req('GET', `/api/v1/assignment-submissions/${MISSING}/file`, admin)).statusCode).toBe(404);
  });

  it('lets admins grade with a comment, which the learner then reads; refuses a bad grade', async () => {
    const sub = (await submit(learner, 'graded.csv', CSV)).json();
    expect((await req('POST', `/api/v1/assignment-submissions/${sub.id}/grade`, dealer, { grade: 90 })).statusCode).toBe(403);
    expect((await req('POST', `/api/v1/assignment-submissions/${sub.id}/grade`, learner, { grade: 90 })).statusCode).toBe(403);
    const bad = await req('POST', `/api/v1/assignment-submissions/${sub.id}/grade`, admin, { grade: 101 });
    expect(bad.json().issues).toEqual([issue('grade', m.gradeInvalid)]);
    expect((await req('POST', `/api/v1/assignment-submissions/${MISSING}/grade`, admin, { grade: 90 })).statusCode).toBe(404);
    const graded = await req('POST', `/api/v1/assignment-submissions/${sub.id}/grade`, admin, { grade: 88, comment: 'Good load table.\nCheck the amps.' });
    expect(graded.statusCode).toBe(200);
    expect(graded.json()).toMatchObject({ grade: 88, gradeComment: 'Good load table.\nCheck the amps.', graded_at: expect.any(String) });
    const seen = (await req('GET', '/api/v1/assignment-submissions?graded=yes&pageSize=100', learner)).json().items.find((x: { id: string }) => x.id === sub.id);
    expect(seen).toMatchObject({ grade: 88, gradeComment: 'Good load table.\nCheck the amps.' });
    const ungraded = (await req('GET', '/api/v1/assignment-submissions?graded=no&pageSize=100', learner)).json().items.map((x: { id: string }) => x.id);
    expect(ungraded).not.toContain(sub.id);
  });

  it('reads a zip by its central directory only', () => {
    expect(spreadsheetType(XLSX)).toBe('xlsx');
    expect(spreadsheetType(XLS)).toBe('xls');
    expect(spreadsheetType(CSV)).toBe('csv');
    expect(spreadsheetType(PNG)).toBeNull();
    expect(zipEntries(XLSX).map((e) => e.name)).toContain('xl/workbook.xml');
    expect(() => checkXlsxEntries([{ name: 'xl/a.xml', packed: 10, unpacked: 200 * 1024 * 1024 }])).toThrow(UnsafeZip);
    expect(() => checkXlsxEntries([{ name: 'xl/a.xml', packed: 1000, unpacked: 50 * 1024 * 1024 }])).toThrow(UnsafeZip);
    expect(() => zipEntries(Buffer.from('PK\u0003\u0004 nothing else'))).toThrow(UnsafeZip);
  });
});
