import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from './seed.js';

type Summary = { id: string; kind: string; image: string | null; price: number };
type Product = { voltage: number | null; watts: number | null; widthM: number | null; currentA: number | null; images: { url: string }[] };

describe('demo seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.deps.storage);
    // A second run changes nothing.
    await seedDemo(t.db, t.deps.storage);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('gives the shop four categories and at least 20 products with images that pass the byte check', async () => {
    const cats = (await get('/api/v1/categories')).json();
    expect(cats.items.map((c: { name: string }) => c.name).sort()).toEqual(['Accessories', 'Cables', 'Controls', 'Mats']);
    expect(cats.items.every((c: { image: string | null; description: string }) => c.image && c.description)).toBe(true);
    const list = (await get('/api/v1/products?pageSize=100')).json();
    expect(list.total).toBeGreaterThanOrEqual(20);
    expect(new Set(list.items.map((p: Summary) => p.kind))).toEqual(new Set(['mat', 'cable', 'controller', 'sensor', 'accessory']));
    for (const p of list.items as Summary[]) {
      expect(p.image).toMatch(/^\/uploads\/products\/.+\.png$/);
      expect(Number.isInteger(p.price)).toBe(true);
    }
    const first = (list.items as Summary[])[0]!.image!;
    const bytes = await readFile(path.join(t.dataDir, first));
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');
  });

  it('follows the electrical facts: mats 0.6 m wide at 240 V, amps = watts / 240', async () => {
    const list = (await get('/api/v1/products?pageSize=100&kind=mat')).json().items as Summary[];
    expect(list.length).toBeGreaterThanOrEqual(10);
    const mats = await Promise.all(list.map(async (s) => (await get(`/api/v1/products/${s.id}`)).json() as Product));
    for (const m of mats) {
      expect(m).toMatchObject({ widthM: 0.6, voltage: 240 });
      expect(m.images.length).toBeGreaterThanOrEqual(1);
      expect(m.currentA).toBeCloseTo(m.watts! / 240, 1);
    }
    const cables = (await get('/api/v1/products?pageSize=100&kind=cable')).json().items as Product[];
    expect(cables.length).toBeGreaterThanOrEqual(5);
  });

  it('seeds help articles reachable by slug and FAQs, once', async () => {
    const articles = (await get('/api/v1/helpcenter')).json();
    expect(articles.length).toBeGreaterThanOrEqual(6);
    const one = await get('/api/v1/helpcenter/choosing-a-controller');
    expect(one.json().name).toBe('Choosing a Controller');
    const faqs = (await get('/api/v1/faq')).json();
    expect(faqs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(faqs.map((f: { name: string }) => f.name)).size).toBe(faqs.length);
    expect((await get('/api/v1/faq?q=ground-fault')).json().length).toBeGreaterThanOrEqual(1);
  });

  it('seeds an academy: two published courses with video, pdf and assignment lessons, certifications and comments, once', async () => {
    const courses = (await get('/api/v1/courses')).json() as { id: string; courseTitle: string; coverImage: string; lessonCount: number }[];
    expect(courses.map((c) => c.courseTitle).sort()).toEqual(['Installing heated driveway mats', 'Servicing snowmelt controls and sensors']);
    for (const c of courses) {
      const course = (await get(`/api/v1/courses/${c.id}`)).json();
      const types = new Set(course.sections.flatMap((s: { lessons: { type: string }[] }) => s.lessons.map((l) => l.type)));
      expect(types).toEqual(new Set(['video', 'pdf', 'assignment']));
      expect(course.author.image).toMatch(/^\/uploads\/authors\/.+\.png$/);
      expect((await get(c.coverImage)).headers['content-type']).toBe('image/png');
    }
    expect((await get('/api/v1/authors')).json()).toHaveLength(2);
    const certs = (await get('/api/v1/certifications')).json();
    expect(certs.map((c: { courseId: string; passingScore: number }) => c.courseId).sort()).toEqual(courses.map((c) => c.id).sort());

    const sign = await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: 'admin@demo.meltway.ca', password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${sign.json().access_token}` };
    const docs = (await t.app.inject({ method: 'GET', url: '/api/v1/docs', headers: auth })).json();
    const checklist = docs.find((d: { name: string }) => d.name === 'Installation checklist');
    const pdf = await get(checklist.image);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await fileTypeFromBuffer(pdf.rawPayload))?.mime).toBe('application/pdf');
    const comments = (await t.app.inject({ method: 'GET', url: '/api/v1/courses/comments/all', headers: auth })).json();
    expect(comments).toHaveLength(3);
    expect(comments.filter((c: { reply: string | null }) => c.reply)).toHaveLength(1);
    expect(new Set(comments.map((c: { learnerName: string }) => c.learnerName))).toEqual(new Set(['Luc Gagnon', 'Chris Customer']));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/assignments', headers: auth })).json()).toHaveLength(2);
  });

  it('opens the demo shop: credit for the demo dealer and contractor, and the WELCOME10 and WINTER25 coupons', async () => {
    const signInAs = async (email: string) =>
      ({ authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password: DEMO_PASSWORD } })).json().access_token}` });
    const admin = await signInAs('admin@demo.meltway.ca');
    const contractor = await signInAs('contractor@demo.meltway.ca');
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: contractor })).json();
    const dealerId = me.contractorData.dealerId as string;
    const credit = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}/credit`, headers: admin })).json().creditLimitCents;
    expect([await credit(dealerId), await credit(me.id)]).toEqual([2_500_000, 1_000_000]);

    const list = (await get('/api/v1/products?pageSize=100&sort=price&order=asc')).json().items as (Summary & { category: { name: string } | null })[];
    // The cheapest of each: a control alone stays under the coupon's minimum.
    const mat = list.find((p) => p.category?.name === 'Mats')!;
    const control = list.find((p) => p.category?.name === 'Controls')!;
    expect(control.price).toBeLessThan(50_000);
    const quote = async (couponCode: string, items: { productId: string; quantity: number }[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/checkout/quote',
          payload: { items, couponCode, shippingAddress: { fullname: 'Demo', line1: '1 Main St', city: 'Ottawa', province: 'ON', postalCode: 'K1A 0B1', country: 'CA' } },
        })
      ).json();
    expect((await quote('welcome10', [{ productId: control.id, quantity: 1 }])).coupon).toEqual({ code: 'WELCOME10', discountPercent: 10, categoryName: null, categoryNameFr: null });
    const winter = await quote('WINTER25', [
      { productId: mat.id, quantity: Math.ceil(50_000 / mat.price) },
      { productId: control.id, quantity: 1 },
    ]);
    expect(winter.coupon).toEqual({ code: 'WINTER25', discountPercent: 25, categoryName: 'Mats', categoryNameFr: 'Tapis' });
    expect(winter.discountCents).toBe(Math.floor((Math.ceil(50_000 / mat.price) * mat.price * 25 + 50) / 100));
    expect((await quote('WINTER25', [{ productId: control.id, quantity: 1 }])).messages[0].code).toBe('commerce.couponMinimum');
  });
});
