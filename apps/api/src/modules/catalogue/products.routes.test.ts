import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m } from '@meltway/shared/catalogue/messages';
import { IMAGE_MAX_BYTES } from '@meltway/shared/catalogue/limits';
import { actorOf, createTestApp, type Session, type TestApp, issue } from '../../test/harness.js';
import { form, makeBrand, makeCategory, makeProduct, makeSupplier, PNG } from '../../test/catalogue-fixtures.js';

describe('products under each actor', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, customer: Session;
  let mats: { id: string }, cables: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    customer = await actorOf(t, 'customer');
    mats = await makeCategory(t, admin.auth, 'Mats');
    cables = await makeCategory(t, admin.auth, 'Cables');
  });
  afterAll(() => t.close());

  const get = (url: string, s?: Session, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...s?.auth, ...headers } });

  it('creates a product with its technical data as numbers, slug from the name; admins only', async () => {
    const brand = await makeBrand(t, admin.auth, 'Warmstone');
    const supplier = await makeSupplier(t, admin.auth, 'Nordic Wire');
    const payload = {
      name: 'Snowmelt Mat 0.6 × 3.0 m',
      sku: 'MW-MAT-0630',
      price: 22_900,
      categoryId: mats.id,
      brandId: brand.id,
      supplierId: supplier.id,
      stock: 8,
      kind: 'mat',
      voltage: 240,
      watts: 740,
      wattDensity: 398,
      lengthM: 3,
      widthM: 0.6,
      heatedAreaM2: 1.86,
      currentA: 3.08,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: admin.auth, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      slug: 'snowmelt-mat-0-6-3-0-m',
      price: 22_900,
      currency: 'CAD',
      category: { id: mats.id, name: 'Mats' },
      brand: { name: 'Warmstone' },
      supplier: { name: 'Nordic Wire' },
      watts: 740,
      widthM: 0.6,
      heatedAreaM2: 1.86,
      currentA: 3.08,
      // Sent without its ratings, a mat is rated for the voltage its figures are given at.
      voltages: [240],
      minInsulationMOhm: null,
      active: true,
      images: [],
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/products', payload })).statusCode).toBe(401);
    const byDealer = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: dealer.auth, payload: { ...payload, sku: 'X-1' } });
    expect(byDealer.statusCode).toBe(403);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: admin.auth, payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.skuTaken);
    // Same name, other SKU: the slug is told apart by the SKU.
    const twin = await t.app.inject({ method: 'POST', url: '/api/v1/products', headers: admin.auth, payload: { ...payload, sku: 'MW-MAT-0630B' } });
    expect(twin.json().slug).toBe('snowmelt-mat-0-6-3-0-m-mw-mat-0630b');
  });

  it('refuses bad product fields with field issues, and unknown references', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: admin.auth,
      payload: { name: '', sku: 'bad sku!', price: 12.5, categoryId: 'nope', stock: -1, kind: 'boiler' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('accounts.nameRequired');
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining([m.nameRequired, m.skuInvalid, m.priceInvalid, m.categoryRequired, m.stockInvalid, m.kindInvalid]));
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: admin.auth,
      payload: { name: 'Ghost', sku: 'GHOST-1', price: 100, categoryId: '00000000-0000-4000-8000-000000000000', kind: 'accessory' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([issue('categoryId', m.categoryNotFound)]);
  });

  it('keeps the voltages a heater is rated for and the least insulation its maker states, and checks them', async () => {
    const mat = { name: 'Dual Mat', price: 30_000, categoryId: mats.id, kind: 'mat', voltage: 240, watts: 1480, lengthM: 6.1, widthM: 0.6 };
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/products', headers: admin.auth, payload });
    const dual = await post({ ...mat, sku: 'DUAL-1', voltages: [240, 277], minInsulationMOhm: 200 });
    expect(dual.statusCode).toBe(201);
    expect(dual.json()).toMatchObject({ voltage: 240, voltages: [240, 277], minInsulationMOhm: 200 });
    expect((await get(`/api/v1/products/${dual.json().id}`)).json()).toMatchObject({ voltages: [240, 277], minInsulationMOhm: 200 });
    // An accessory sent without ratings has none.
    expect((await post({ name: 'Tape', sku: 'TAPE-V', price: 900, categoryId: mats.id, kind: 'accessory' })).json().voltages).toEqual([]);

    for (const voltages of [[240, 240], [240, 0], [240.5], [120, 208, 240, 277, 347], 'x']) {
      const bad = await post({ ...mat, sku: 'BAD-V', voltages });
      expect(bad.statusCode, JSON.stringify(voltages)).toBe(400);
      expect(bad.json().issues.map((i: { path: string; message: string }) => [i.path.split('.')[0], i.message])).toContainEqual(['voltages', m.voltagesInvalid]);
    }
    // Figures at 277 V of a mat rated 240 V only would be above its rating.
    const above = await post({ ...mat, sku: 'BAD-V', voltage: 277, voltages: [240] });
    expect(above.statusCode).toBe(400);
    expect(above.json().issues).toEqual([issue('voltages', m.voltageAboveRatings)]);
    const badInsulation = await post({ ...mat, sku: 'BAD-V', minInsulationMOhm: -1 });
    expect(badInsulation.json().issues.map((i: { path: string }) => i.path)).toEqual(['minInsulationMOhm']);

    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/v1/products/${dual.json().id}`, headers: admin.auth, payload });
    // Dropping 277 V while the figures stay at 240 V holds; moving the figures above the ratings does not.
    expect((await put({ voltages: [240] })).json()).toMatchObject({ voltages: [240], minInsulationMOhm: 200 });
    const moved = await put({ voltage: 277 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues).toEqual([issue('voltages', m.voltageAboveRatings)]);
    expect((await put({ voltage: 277, voltages: [277], minInsulationMOhm: null })).json()).toMatchObject({ voltage: 277, voltages: [277], minInsulationMOhm: null });
  });

  it('never shows inactive products to the public; staff may list them', async () => {
    const hidden = await makeProduct(t, admin.auth, cables.id, { name: 'Hidden Cable', kind: 'cable', active: false });
    const list = await get('/api/v1/products?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
    expect(list.json().items.every((p: { active: boolean; supplier: unknown }) => p.active && p.supplier === null)).toBe(true);
    expect((await get(`/api/v1/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${hidden.slug}`, customer)).statusCode).toBe(404);
    expect((await get('/api/v1/products?status=all')).statusCode).toBe(403);
    expect((await get('/api/v1/products?status=inactive', customer)).statusCode).toBe(403);
    const staff = await get('/api/v1/products?status=inactive', dealer);
    expect(staff.json().items.map((p: { id: string }) => p.id)).toEqual([hidden.id]);
    expect((await get(`/api/v1/products/${hidden.id}`, admin)).json().active).toBe(false);
  });

  it('pages, filters and sorts on the server', async () => {
    const cat = await makeCategory(t, admin.auth, 'Controls');
    const a = await makeProduct(t, admin.auth, cat.id, { name: 'Aerial Snow Sensor', kind: 'sensor', price: 45_000, stock: 3 });
    const b = await makeProduct(t, admin.auth, cat.id, { name: 'Basic Timer', kind: 'controller', price: 30_000, stock: 9 });
    const c = await makeProduct(t, admin.auth, cat.id, { name: 'Pavement Sensor', kind: 'sensor', price: 120_000, stock: 1 });
    const byPrice = await get(`/api/v1/products?categoryId=${cat.id}&sort=price&order=asc`);
    expect(byPrice.json().items.map((p: { id: string }) => p.id)).toEqual([b.id, a.id, c.id]);
    expect(byPrice.json().total).toBe(3);
    const page2 = await get(`/api/v1/products?categoryId=${cat.id}&sort=name&order=asc&page=2&pageSize=2`);
    expect(page2.json()).toMatchObject({ total: 3, items: [{ id: c.id }] });
    const range = await get(`/api/v1/products?categoryId=${cat.id}&minPrice=40000&maxPrice=100000`);
    expect(range.json().items.map((p: { id: string }) => p.id)).toEqual([a.id]);
    const search = await get('/api/v1/products?q=SENSOR&sort=stock&order=desc');
    expect(search.json().items.map((p: { id: string }) => p.id)).toEqual([a.id, c.id]);
    const bad = await get('/api/v1/products?minPrice=500&maxPrice=100&sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['sort']));
    expect((await get('/api/v1/products?minPrice=500&maxPrice=100')).json().message).toBe(m.priceRangeInvalid);
  });

  it('sorts by name as the page’s language writes it, accents and case aside', async () => {
    const cat = await makeCategory(t, admin.auth, 'Sorting');
    // English: Zone, élan, Adapter; French: Adaptateur, Éclisse, Zone (the one without a French name sorts by its English).
    const zone = await makeProduct(t, admin.auth, cat.id, { name: 'Zone controller' });
    const elan = await makeProduct(t, admin.auth, cat.id, { name: 'élan mat', nameFr: 'Éclisse' });
    const adapter = await makeProduct(t, admin.auth, cat.id, { name: 'Adapter', nameFr: 'Adaptateur' });
    const ids = async (query: string) => (await get(`/api/v1/products?categoryId=${cat.id}&sort=name&${query}`)).json().items.map((p: { id: string }) => p.id);
    expect(await ids('order=asc')).toEqual([adapter.id, elan.id, zone.id]);
    expect(await ids('order=desc&lang=en')).toEqual([zone.id, elan.id, adapter.id]);
    await t.app.inject({ method: 'PUT', url: `/api/v1/products/${adapter.id}`, headers: admin.auth, payload: { nameFr: 'Raccord' } });
    expect(await ids('order=asc&lang=fr')).toEqual([elan.id, adapter.id, zone.id]);
    expect(await ids('order=asc&lang=en')).toEqual([adapter.id, elan.id, zone.id]);
  });

  it('lists summaries (first image, no technical data); the product itself has them all', async () => {
    const p = await makeProduct(t, admin.auth, mats.id, { name: 'Summary Mat' });
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${p.id}/images`, headers: admin.auth, payload: form({}, [['images', 'a.png', PNG], ['images', 'b.png', PNG]]) });
    const item = (await get('/api/v1/products?q=summary')).json().items[0];
    expect(item).toMatchObject({ id: p.id, name: 'Summary Mat', category: { name: 'Mats' }, kind: 'mat', stock: 10 });
    expect(item.image).toMatch(/^\/uploads\/products\//);
    expect(item).not.toHaveProperty('watts');
    expect(item).not.toHaveProperty('description');
    const one = (await get(`/api/v1/products/${p.slug}`)).json();
    expect(one.images).toHaveLength(2);
    expect(one.images[0].url).toBe(item.image);
    expect(one).toMatchObject({ watts: 740, lengthM: 3, description: 'A 240 V snowmelt mat.' });
  });

  it('serves a repeated public URL from the cache, never across a write or to a signed-in caller', async () => {
    const url = `/api/v1/products?categoryId=${cables.id}&sort=name&order=asc&pageSize=50`;
    const before = (await get(url)).json().total;
    expect((await get(url)).json().total).toBe(before);
    const p = await makeProduct(t, admin.auth, cables.id, { kind: 'cable' });
    expect((await get(url)).json().total).toBe(before + 1);
    await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}`, headers: admin.auth, payload: { active: false } });
    expect((await get(url)).json().total).toBe(before);
    expect((await get(`${url}&status=all`, dealer)).json().items.map((i: { id: string }) => i.id)).toContain(p.id);
    expect((await get(`/api/v1/products/${p.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${p.id}`, admin)).json().active).toBe(false);
  });

  it('answers 304 to a matching If-None-Match, and any write changes the answer at once', async () => {
    const url = `/api/v1/products?categoryId=${mats.id}&sort=name&order=asc`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await get(url, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const product = first.json().items[0];
    const edited = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: admin.auth, payload: { price: 1 } });
    expect(edited.statusCode).toBe(200);
    const after = await get(url, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().items[0].price).toBe(1);
    const one = await get(`/api/v1/products/${product.slug}`);
    expect(one.json().price).toBe(1);
    expect((await get(`/api/v1/products/${product.id}`, undefined, { 'if-none-match': one.headers.etag as string })).statusCode).toBe(304);
  });

  it('edits and deletes products; dealers may not; unknown ids are 404', async () => {
    const p = await makeProduct(t, admin.auth, mats.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}`, headers: dealer.auth, payload: { price: 5 } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}`, headers: admin.auth, payload: { stock: -3 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual(issue('stock', m.stockInvalid));
    const ok = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}`, headers: admin.auth, payload: { stock: 0, active: false, categoryId: cables.id } });
    expect(ok.json()).toMatchObject({ stock: 0, active: false, category: { id: cables.id } });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/products/${missing}`, headers: admin.auth, payload: { stock: 1 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}`, headers: dealer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}` })).statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}`, headers: admin.auth });
    expect(del.json()).toEqual({ message: m.productDeleted });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${p.id}`, admin)).statusCode).toBe(404);
  });

  describe('images', () => {
    it('uploads several images in order, serves them, reorders and removes them', async () => {
      const p = await makeProduct(t, admin.auth, mats.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${p.id}/images`,
        headers: admin.auth,
        payload: form({}, [['images', 'front.png', PNG], ['images', 'side.png', PNG]]),
      });
      expect(res.statusCode).toBe(201);
      const images = res.json().images as { id: string; url: string; position: number }[];
      expect(images).toHaveLength(2);
      expect(images.map((i) => i.position)).toEqual([0, 1]);
      expect(images[0]!.url).toMatch(/^\/uploads\/products\/[0-9a-f-]+\.png$/);
      const file = await t.app.inject({ method: 'GET', url: images[0]!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');

      const order = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}/images/order`, headers: admin.auth, payload: { ids: [images[1]!.id, images[0]!.id] } });
      expect(order.statusCode).toBe(200);
      expect(order.json().images.map((i: { id: string }) => i.id)).toEqual([images[1]!.id, images[0]!.id]);
      const partial = await t.app.inject({ method: 'PUT', url: `/api/v1/products/${p.id}/images/order`, headers: admin.auth, payload: { ids: [images[1]!.id] } });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().message).toBe(m.imageOrderInvalid);

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}/images/${images[1]!.id}`, headers: admin.auth });
      expect(removed.json().images.map((i: { id: string }) => i.id)).toEqual([images[0]!.id]);
      expect((await t.app.inject({ method: 'GET', url: images[1]!.url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${p.id}/images/${images[1]!.id}`, headers: admin.auth })).statusCode).toBe(404);
      // An image id of another product is not this product's.
      const other = await makeProduct(t, admin.auth, mats.id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${other.id}/images/${images[0]!.id}`, headers: admin.auth })).statusCode).toBe(404);
    });

    it('refuses a file named .png whose bytes are not an image, and stores nothing', async () => {
      const p = await makeProduct(t, admin.auth, mats.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${p.id}/images`,
        headers: admin.auth,
        payload: form({}, [['images', 'good.png', PNG], ['images', 'evil.png', Buffer.from('<script>alert(1)</script>')]]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'catalogue.imageType', message: m.imageType, issues: [issue('images', m.imageType)] });
      expect((await get(`/api/v1/products/${p.id}`, admin)).json().images).toEqual([]);
    });

    it('refuses a file over the size limit with 413', async () => {
      const p = await makeProduct(t, admin.auth, mats.id);
      const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES + 1)]);
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/products/${p.id}/images`, headers: admin.auth, payload: form({}, [['images', 'big.png', big]]) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: m.imageTooLarge, code: 'catalogue.imageTooLarge' });
    });

    it('needs at least one file, an admin, and an existing product', async () => {
      const p = await makeProduct(t, admin.auth, mats.id);
      const none = await t.app.inject({ method: 'POST', url: `/api/v1/products/${p.id}/images`, headers: admin.auth, payload: form({ note: 'x' }) });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(m.imageRequired);
      const byDealer = await t.app.inject({ method: 'POST', url: `/api/v1/products/${p.id}/images`, headers: dealer.auth, payload: form({}, [['images', 'a.png', PNG]]) });
      expect(byDealer.statusCode).toBe(403);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/v1/products/00000000-0000-4000-8000-000000000000/images',
        headers: admin.auth,
        payload: form({}, [['images', 'a.png', PNG]]),
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
