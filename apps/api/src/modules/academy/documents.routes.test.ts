import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { DOC_MAX_BYTES } from '@meltway/shared/academy/limits';
import { makeAssignment, makeAuthor, makeCourse, makeDoc, PDF } from '../../test/academy-fixtures.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';

describe('academy content', () => {
  let t: TestApp;
  let admin: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('documents', () => {
    it('stores a PDF sent as `file` or as `image`, lists it and serves it as a PDF', async () => {
      const res = await req('POST', '/api/v1/docs', admin, form({ name: 'Installation checklist' }, [['file', 'checklist.pdf', PDF]]));
      expect(res.statusCode).toBe(201);
      const doc = res.json();
      expect(doc).toMatchObject({ name: 'Installation checklist', size: PDF.byteLength, lessonCount: 0 });
      expect(doc.image).toMatch(/^\/uploads\/docs\/[a-f0-9-]+\.pdf$/);
      const legacy = await req('POST', '/api/v1/docs', admin, form({ name: 'Wiring diagram' }, [['image', 'wiring.pdf', PDF]]));
      expect(legacy.statusCode).toBe(201);

      const list = (await req('GET', '/api/v1/docs', admin)).json();
      expect(list.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['Installation checklist', 'Wiring diagram']));
      expect((await req('GET', `/api/v1/docs/${doc.id}`, admin)).json()).toEqual({ image: doc.image });

      const file = await req('GET', doc.image);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).not.toContain('sandbox');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    });

    it('refuses a file that is not a PDF by its bytes (415), one over 20 MB (413), and a missing name or file (400)', async () => {
      const fake = await req('POST', '/api/v1/docs', admin, form({ name: 'Fake' }, [['file', 'fake.pdf', Buffer.from('This is only text that calls itself a PDF.')]]));
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toMatchObject({ message: m.docType, code: 'academy.docType' });
      const png = await req('POST', '/api/v1/docs', admin, form({ name: 'Picture' }, [['file', 'picture.pdf', PNG]]));
      expect(png.statusCode).toBe(415);

      const big = Buffer.concat([PDF, Buffer.alloc(DOC_MAX_BYTES)]);
      const tooBig = await req('POST', '/api/v1/docs', admin, form({ name: 'Huge' }, [['file', 'huge.pdf', big]]));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(m.docTooLarge);
      // Larger than an image may be: documents have their own limit.
      const large = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
      expect((await req('POST', '/api/v1/docs', admin, form({ name: 'Large manual' }, [['file', 'manual.pdf', large]]))).statusCode).toBe(201);

      const noFile = await req('POST', '/api/v1/docs', admin, form({ name: 'Nothing' }));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toMatchObject({ message: m.docFileRequired, issues: [issue('file', m.docFileRequired)] });
      const noName = await req('POST', '/api/v1/docs', admin, form({ name: '' }, [['file', 'a.pdf', PDF]]));
      expect(noName.json().message).toBe(m.docNameRequired);
    });

    it('gives learners the file of a document only when a published course uses it', async () => {
      const [doc, author, assignment] = await Promise.all([makeDoc(t, admin.auth), makeAuthor(t, admin.auth), makeAssignment(t, admin.auth)]);
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).statusCode).toBe(404);
      const course = await makeCourse(t, admin.auth, { author: author.id, doc: doc.id, assignment: assignment.id }, { status: 'draft' });
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).statusCode).toBe(404);
      await req('PUT', `/api/v1/courses/${course.id}`, admin, { ...((await req('GET', `/api/v1/courses/${course.id}`, admin)).json() as object), author: author.id, status: 'published' });
      expect((await req('GET', `/api/v1/docs/${doc.id}`, customer)).json()).toEqual({ image: doc.image });
      expect((await req('GET', `/api/v1/docs/${doc.id}`)).statusCode).toBe(401);
      expect((await req('GET', `/api/v1/docs/${MISSING}`, admin)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/docs/permanent/${MISSING}`, admin)).statusCode).toBe(404);
    });
  });
});
