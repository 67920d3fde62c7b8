import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages as c } from '@meltway/shared/common/messages';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, issue, type Session, type TestApp } from '../../test/harness.js';

/**
 * Found by the fuzz (test/fuzz): a JSON body can carry half a surrogate pair (`"\udc63"`), which is no
 * character. PGlite counted the bytes of `ݢ\udc63訪` short, cut its last character in two and refused the
 * update with "invalid byte sequence": a 500. Such a text is now refused with the rest of the request.
 */
describe('a lone surrogate in a text', () => {
  let t: TestApp;
  let admin: Session;
  let product: { id: string };
  let description: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    product = await makeProduct(t, admin.auth, (await makeCategory(t, admin.auth)).id);
    description = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json().description;
  });
  afterAll(() => t.close());

  const put = (payload: string) => t.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: { ...admin.auth, 'content-type': 'application/json' }, payload });

  it('is a 400 naming the field, and the product keeps its description', async () => {
    for (const description of ['罳鈒싪䐍蔮\\ude63ݢ訪', 'ݢ\\udc63訪', 'mat \\ud83d heat', 'end\\ud800']) {
      const res = await put(`{"description":"${description}"}`);
      expect(res.statusCode, description).toBe(400);
      expect(res.json().issues).toEqual([issue('description', c.invalidValue)]);
    }
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
    expect(read.json().description).toBe(description);
  });

  it('leaves whole pairs alone: an emoji written as an escaped pair is stored as sent', async () => {
    const res = await put('{"description":"Heats fast \\ud83d\\udd25 ݢ訪"}');
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Heats fast 🔥 ݢ訪');
  });
});
