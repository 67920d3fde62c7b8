import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m } from '@meltway/shared/catalogue/messages';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp, issue } from '../../test/harness.js';
import { form, makeCategory, makeProduct, makeSupplier, PNG } from '../../test/catalogue-fixtures.js';

describe('categories, brands and suppliers under each actor', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
    customer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('categories', () => {
    it('creates a category from multipart with an image checked by its bytes; admins only', async () => {
      const res = await req('POST', '/api/v1/categories', admin, form({ name: 'Heated Mats', description: 'Fixed-size mats' }, [['image', 'mats.png', PNG]]));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Heated Mats', description: 'Fixed-size mats', parentId: null, productCount: 0 });
      expect(res.json().image).toMatch(/^\/uploads\/categories\/.+\.png$/);
      const child = await req('POST', '/api/v1/categories', admin, form({ name: 'Driveway Mats', parentId: res.json().id }));
      expect(child.json().parentId).toBe(res.json().id);
      expect((await req('POST', '/api/v1/categories', undefined, form({ name: 'X' }))).statusCode).toBe(401);
      expect((await req('POST', '/api/v1/categories', dealer, form({ name: 'X' }))).statusCode).toBe(403);
      const dup = await req('POST', '/api/v1/categories', admin, { name: 'Heated Mats' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(m.categoryNameTaken);
    });

    it('refuses a missing name, an unknown parent, a fake image and an image too big', async () => {
      const bad = await req('POST', '/api/v1/categories', admin, form({ name: '  ' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([issue('name', m.nameRequired)]);
      const orphan = await req('POST', '/api/v1/categories', admin, { name: 'Orphan', parentId: MISSING });
      expect(orphan.json().issues).toEqual([issue('parentId', m.categoryNotFound)]);
      const fake = await req('POST', '/api/v1/categories', admin, form({ name: 'Fake' }, [['image', 'photo.png', Buffer.from('%PDF-1.4 not an image')]]));
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(m.imageType);
      const big = await req('POST', '/api/v1/categories', admin, form({ name: 'Big' }, [['image', 'big.png', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)])]]));
      expect(big.statusCode).toBe(413);
      const names = (await req('GET', '/api/v1/categories?pageSize=100')).json().items.map((c: { name: string }) => c.name);
      expect(names).not.toEqual(expect.arrayContaining(['Fake']));
      expect(names).not.toContain('Big');
    });

    it('lists publicly, paged and filtered, with active product counts; reads one; 404 for none', async () => {
      const cat = await makeCategory(t, admin.auth, 'Cables and Wires');
      await makeProduct(t, admin.auth, cat.id);
      await makeProduct(t, admin.auth, cat.id, { active: false });
      const list = await req('GET', '/api/v1/categories?q=wires');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 1, items: [{ id: cat.id, productCount: 1 }] });
      const paged = await req('GET', '/api/v1/categories?pageSize=1&page=2&sort=name&order=asc');
      expect(paged.json().items).toHaveLength(1);
      expect((await req('GET', `/api/v1/categories/${cat.id}`)).json().name).toBe('Cables and Wires');
      expect((await req('GET', `/api/v1/categories/${MISSING}`)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/categories/not-a-uuid')).statusCode).toBe(400);
    });

    it('edits a category, replacing its image, and refuses a cycle of parents', async () => {
      const parent = await makeCategory(t, admin.auth, 'Controls');
      const child = (await req('POST', '/api/v1/categories', admin, { name: 'Sensors', parentId: parent.id })).json();
      const res = await req('PUT', `/api/v1/categories/${parent.id}`, admin, form({ description: 'Timers and sensors' }, [['image', 'c.png', PNG]]));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Controls', description: 'Timers and sensors' });
      const old = res.json().image;
      const again = await req('PUT', `/api/v1/categories/${parent.id}`, admin, form({}, [['image', 'd.png', PNG]]));
      expect(again.json().image).not.toBe(old);
      expect((await req('GET', old)).statusCode).toBe(404);
      const cycle = await req('PUT', `/api/v1/categories/${parent.id}`, admin, { parentId: child.id });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().message).toBe(m.categoryParentInvalid);
      expect((await req('PUT', `/api/v1/categories/${parent.id}`, dealer, { name: 'X' })).statusCode).toBe(403);
      expect((await req('PUT', `/api/v1/categories/${MISSING}`, admin, { name: 'X' })).statusCode).toBe(404);
    });

    it('refuses with 409 to delete a category that still has products or subcategories', async () => {
      const cat = await makeCategory(t, admin.auth, 'Accessories');
      const p = await makeProduct(t, admin.auth, cat.id, { kind: 'accessory' });
      const used = await req('DELETE', `/api/v1/categories/${cat.id}`, admin);
      expect(used.statusCode).toBe(409);
      expect(used.json()).toEqual({ message: m.categoryHasProducts, code: 'catalogue.categoryHasProducts' });
      await req('DELETE', `/api/v1/products/${p.id}`, admin);
      const sub = await req('POST', '/api/v1/categories', admin, { name: 'Signs', parentId: cat.id });
      expect((await req('DELETE', `/api/v1/categories/${cat.id}`, admin)).json().message).toBe(m.categoryHasChildren);
      expect((await req('DELETE', `/api/v1/categories/${cat.id}`, dealer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/v1/categories/${sub.json().id}`, admin)).statusCode).toBe(200);
      expect((await req('DELETE', `/api/v1/categories/${cat.id}`, admin)).json()).toEqual({ message: m.categoryDeleted });
      expect((await req('DELETE', `/api/v1/categories/${cat.id}`, admin)).statusCode).toBe(404);
    });
  });

  describe('brands', () => {
    it('creates, lists, edits and deletes brands with a logo; 409 while products use one', async () => {
      const res = await req('POST', '/api/v1/brands', admin, form({ name: 'HeatTrak', description: '' }, [['logo', 'logo.png', PNG]]));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'HeatTrak', description: null });
      expect(res.json().logo).toMatch(/^\/uploads\/brands\//);
      expect((await req('POST', '/api/v1/brands', dealer, { name: 'Nope' })).statusCode).toBe(403);
      expect((await req('POST', '/api/v1/brands', admin, { name: '' })).statusCode).toBe(400);
      expect((await req('POST', '/api/v1/brands', admin, { name: 'HeatTrak' })).statusCode).toBe(409);
      const wrongField = await req('POST', '/api/v1/brands', admin, form({ name: 'Other' }, [['image', 'logo.png', PNG]]));
      expect(wrongField.statusCode).toBe(400);
      expect((await req('GET', '/api/v1/brands?q=heat')).json()).toMatchObject({ total: 1, items: [{ name: 'HeatTrak' }] });
      const edited = await req('PUT', `/api/v1/brands/${res.json().id}`, admin, form({ description: 'Mats made in Canada' }));
      expect(edited.json()).toMatchObject({ name: 'HeatTrak', description: 'Mats made in Canada', logo: res.json().logo });
      expect((await req('GET', `/api/v1/brands/${res.json().id}`, customer)).statusCode).toBe(200);

      const cat = await makeCategory(t, admin.auth);
      const p = await makeProduct(t, admin.auth, cat.id, { brandId: res.json().id });
      const used = await req('DELETE', `/api/v1/brands/${res.json().id}`, admin);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe(m.brandHasProducts);
      await req('PUT', `/api/v1/products/${p.id}`, admin, { brandId: null });
      expect((await req('DELETE', `/api/v1/brands/${res.json().id}`, admin)).statusCode).toBe(200);
      expect((await req('GET', `/api/v1/brands/${res.json().id}`)).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/brands/${res.json().id}`, admin, { name: 'Gone' })).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/brands/${res.json().id}`, admin)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/brands/${res.json().id}`)).statusCode).toBe(401);
    });
  });

  describe('suppliers', () => {
    it('shows suppliers to staff only; admins change them', async () => {
      const s = await makeSupplier(t, admin.auth, 'Great Lakes Electric');
      expect((await req('GET', '/api/v1/suppliers')).statusCode).toBe(401);
      expect((await req('GET', '/api/v1/suppliers', customer)).statusCode).toBe(403);
      const list = await req('GET', '/api/v1/suppliers?q=lakes', dealer);
      expect(list.json()).toMatchObject({ total: 1, items: [{ name: 'Great Lakes Electric', contact: 'Jo Buyer' }] });
      expect((await req('GET', `/api/v1/suppliers/${s.id}`, dealer)).statusCode).toBe(200);
      expect((await req('POST', '/api/v1/suppliers', dealer, { name: 'X', contact: 'Y', email: 'x@example.com', phone: '4165550100' })).statusCode).toBe(403);
      const bad = await req('POST', '/api/v1/suppliers', admin, { name: 'X', contact: '', email: 'nope', phone: '12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { message: string }) => i.message)).toEqual(expect.arrayContaining([m.contactRequired, m.emailInvalid, m.phoneInvalid]));
      const edited = await req('PUT', `/api/v1/suppliers/${s.id}`, admin, { phone: '(905) 555-0199' });
      expect(edited.json().phone).toBe('9055550199');
      expect((await req('PUT', `/api/v1/suppliers/${MISSING}`, admin, { phone: '9055550199' })).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/suppliers/${MISSING}`, admin)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/suppliers/${MISSING}`, admin)).statusCode).toBe(404);
    });

    it('refuses with 409 to delete a supplier still in use', async () => {
      const s = await makeSupplier(t, admin.auth);
      const cat = await makeCategory(t, admin.auth);
      const p = await makeProduct(t, admin.auth, cat.id, { supplierId: s.id });
      const used = await req('DELETE', `/api/v1/suppliers/${s.id}`, admin);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe(m.supplierHasProducts);
      await req('DELETE', `/api/v1/products/${p.id}`, admin);
      expect((await req('DELETE', `/api/v1/suppliers/${s.id}`, dealer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/v1/suppliers/${s.id}`, admin)).json()).toEqual({ message: m.supplierDeleted });
    });
  });
});
