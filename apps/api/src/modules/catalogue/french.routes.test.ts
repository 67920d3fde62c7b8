import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages as c } from '@meltway/shared/common/messages';
import { actorOf, createTestApp, issue, requester, type Session, type TestApp } from '../../test/harness.js';
import { form, makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';

describe('French texts of the catalogue', () => {
  let t: TestApp;
  let admin: Session, customer: Session;
  let mats: { id: string };
  const req = requester(() => t);
  const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((p) => p.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
    mats = await makeCategory(t, admin.auth, 'Heated mats');
  });
  afterAll(() => t.close());

  it('stores a product’s French name and description beside the English ones, and returns them in every read', async () => {
    const created = await req('POST', '/api/v1/products', admin, {
      name: 'Driveway Mat 0.6 × 6 m',
      nameFr: '  Tapis chauffant d’entrée 0,6 × 6 m ',
      sku: 'FR-MAT-0660',
      description: 'Heats 3.6 m² of driveway.',
      descriptionFr: 'Chauffe 3,6 m² d’entrée de garage.',
      price: 45_900,
      categoryId: mats.id,
      kind: 'mat',
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ nameFr: 'Tapis chauffant d’entrée 0,6 × 6 m', descriptionFr: 'Chauffe 3,6 m² d’entrée de garage.' });
    // The slug stays the English name's.
    expect(product.slug).toBe('driveway-mat-0-6-6-m');
    expect((await req('GET', `/api/v1/products/${product.slug}`)).json()).toMatchObject({ nameFr: product.nameFr, descriptionFr: product.descriptionFr });
    const listed = (await req('GET', '/api/v1/products?q=FR-MAT-0660')).json().items;
    expect(listed).toEqual([expect.objectContaining({ name: 'Driveway Mat 0.6 × 6 m', nameFr: 'Tapis chauffant d’entrée 0,6 × 6 m' })]);

    // Left out, they stay; blank, they go.
    const renamed = await req('PUT', `/api/v1/products/${product.id}`, admin, { name: 'Driveway Mat 0.6 × 6.0 m' });
    expect(renamed.json()).toMatchObject({ name: 'Driveway Mat 0.6 × 6.0 m', nameFr: 'Tapis chauffant d’entrée 0,6 × 6 m' });
    const cleared = await req('PUT', `/api/v1/products/${product.id}`, admin, { nameFr: '   ', descriptionFr: null });
    expect(cleared.json()).toMatchObject({ nameFr: null, descriptionFr: null });
  });

  it('gives a product without French null French fields', async () => {
    const plain = await makeProduct(t, admin.auth, mats.id);
    expect((await req('GET', `/api/v1/products/${plain.id}`)).json()).toMatchObject({ nameFr: null, descriptionFr: null });
  });

  it('refuses a French text that is too long, naming the field', async () => {
    const res = await req('POST', '/api/v1/products', admin, {
      name: 'Long one',
      nameFr: 'é'.repeat(201),
      descriptionFr: 'x'.repeat(20_001),
      sku: 'FR-LONG-1',
      price: 100,
      categoryId: mats.id,
      kind: 'accessory',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([issue('nameFr', c.frenchTooLong200), issue('descriptionFr', c.frenchTooLong20000)]);
    expect(res.json().code).toBe('common.frenchTooLong200');
    const control = await req('POST', '/api/v1/products', admin, { name: 'Ctl', nameFr: 'Tapis\u0000', sku: 'FR-CTL-1', price: 100, categoryId: mats.id, kind: 'accessory' });
    expect(control.json().issues).toEqual([issue('nameFr', c.controlCharacters)]);
  });

  it('searches products in the page’s language, accents and case aside, falling back to English names', async () => {
    await makeProduct(t, admin.auth, mats.id, { name: 'Snow Melting Cable 41 m', nameFr: 'Câble de déneigement 41 m', sku: 'SRCH-CBL-41' });
    await makeProduct(t, admin.auth, mats.id, { name: 'Élan Snow Sensor', sku: 'SRCH-SNS-1', kind: 'sensor' });
    await makeProduct(t, admin.auth, mats.id, { name: 'Pavement Mat', nameFr: 'Tapis pour pavé', sku: 'SRCH-PAV-1' });

    // French: the French name, without its accents, in any case.
    for (const q of ['deneigement', 'DÉNEIGEMENT', 'Câble', 'cable deneig', 'ÉNEIG']) {
      expect(names(await req('GET', `/api/v1/products?lang=fr&q=${encodeURIComponent(q)}`)), q).toEqual(['Snow Melting Cable 41 m']);
    }
    // No French name: the English one serves, accents aside both ways.
    expect(names(await req('GET', '/api/v1/products?lang=fr&q=elan'))).toEqual(['Élan Snow Sensor']);
    expect(names(await req('GET', '/api/v1/products?lang=en&q=%C3%A9LAN'))).toEqual(['Élan Snow Sensor']);
    // A product with a French name is not found by its English one on French pages, and the other way round.
    expect(names(await req('GET', '/api/v1/products?lang=fr&q=pavement'))).toEqual([]);
    expect(names(await req('GET', '/api/v1/products?lang=en&q=pave'))).toEqual(['Pavement Mat']);
    expect(names(await req('GET', '/api/v1/products?q=deneigement'))).toEqual([]);
    // SKUs match in both languages; LIKE's wildcards are plain characters.
    expect(names(await req('GET', '/api/v1/products?lang=fr&q=srch-cbl'))).toEqual(['Snow Melting Cable 41 m']);
    expect(names(await req('GET', '/api/v1/products?lang=fr&q=%25'))).toEqual([]);
    expect((await req('GET', '/api/v1/products?lang=fr&q=deneigement')).json().total).toBe(1);

    const bad = await req('GET', '/api/v1/products?lang=de&q=cable');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([issue('lang', c.langInvalid)]);
  });

  it('stores the French of categories (multipart or JSON) and brands, and names the category in French on products', async () => {
    const category = await req('POST', '/api/v1/categories', admin, form({ name: 'Controls FR', nameFr: 'Commandes', description: 'Controllers.', descriptionFr: 'Régulateurs.' }));
    expect(category.statusCode).toBe(201);
    expect(category.json()).toMatchObject({ name: 'Controls FR', nameFr: 'Commandes', descriptionFr: 'Régulateurs.' });
    const id = category.json().id as string;
    expect((await req('GET', `/api/v1/categories/${id}`)).json()).toMatchObject({ nameFr: 'Commandes' });
    const product = await makeProduct(t, admin.auth, id, { kind: 'controller' });
    expect((await req('GET', `/api/v1/products/${product.id}`)).json().category).toEqual({ id, name: 'Controls FR', nameFr: 'Commandes' });
    const cleared = await req('PUT', `/api/v1/categories/${id}`, admin, form({ nameFr: '' }));
    expect(cleared.json()).toMatchObject({ nameFr: null, descriptionFr: 'Régulateurs.' });
    const tooLong = await req('PUT', `/api/v1/categories/${id}`, admin, { nameFr: 'c'.repeat(121) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toEqual([issue('nameFr', c.frenchTooLong120)]);

    const brand = await req('POST', '/api/v1/brands', admin, form({ name: 'Frostline', description: 'Made in Quebec.', descriptionFr: 'Fabriqué au Québec.' }));
    expect(brand.statusCode).toBe(201);
    expect(brand.json()).toMatchObject({ name: 'Frostline', descriptionFr: 'Fabriqué au Québec.' });
    expect((await req('GET', `/api/v1/brands/${brand.json().id}`)).json().descriptionFr).toBe('Fabriqué au Québec.');
  });

  it('names cart lines in French too', async () => {
    const product = await makeProduct(t, admin.auth, mats.id, { name: 'Cart Mat', nameFr: 'Tapis du panier' });
    const cart = await req('PUT', `/api/v1/cart/items/${product.id}`, customer, { quantity: 1 });
    expect(cart.statusCode).toBe(200);
    expect(cart.json().items).toEqual([expect.objectContaining({ name: 'Cart Mat', nameFr: 'Tapis du panier' })]);
  });
});
