import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { form, PNG } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';

describe('academy content', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('authors', () => {
    it('creates, lists, edits and deletes authors with their picture', async () => {
      const res = await req('POST', '/api/v1/authors', admin, form({ name: 'Nadia Chen', description: 'Master electrician, 20 winters of snowmelt.' }, [['image', 'n.png', PNG]]));
      expect(res.statusCode).toBe(201);
      const author = res.json();
      expect(author).toMatchObject({ name: 'Nadia Chen', description: 'Master electrician, 20 winters of snowmelt.', courseCount: 0 });
      expect(author.image).toMatch(/^\/uploads\/authors\/.+\.png$/);
      expect((await req('GET', '/api/v1/authors')).json().map((a: { id: string }) => a.id)).toContain(author.id);
      expect((await req('GET', '/api/v1/authors?q=nadia')).json()).toHaveLength(1);

      const edited = await req('PUT', `/api/v1/authors/${author.id}`, admin, form({ description: 'Trainer' }, [['image', 'm.png', PNG]]));
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Nadia Chen', description: 'Trainer' });
      expect(edited.json().image).not.toBe(author.image);
      expect((await req('GET', author.image)).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/authors/${MISSING}`, admin, form({ name: 'X' }))).statusCode).toBe(404);

      expect((await req('DELETE', `/api/v1/authors/permanent/${author.id}`, admin)).json()).toEqual({ message: m.authorDeleted });
      expect((await req('GET', edited.json().image)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/authors/permanent/${author.id}`, admin)).statusCode).toBe(404);
    });

    it('requires a name and a real image under 2MB', async () => {
      const res = await req('POST', '/api/v1/authors', admin, form({ name: ' ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: m.authorNameRequired, issues: [issue('name', m.authorNameRequired)] });
      const fake = await req('POST', '/api/v1/authors', admin, form({ name: 'Fake' }, [['image', 'x.png', Buffer.from('plain text, not a picture')]]));
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(m.imageOnly);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await req('POST', '/api/v1/authors', admin, form({ name: 'Big' }, [['image', 'big.png', big]]));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(m.imageTooLarge);
    });
  });
});
