import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { actorOf, createTestApp, MISSING, type Session, type TestApp, issue } from '../../test/harness.js';
import { form, makeCategory, makeProduct, PNG } from '../../test/catalogue-fixtures.js';

type Product = Awaited<ReturnType<typeof makeProduct>>;

describe('the cart', () => {
  let t: TestApp;
  let admin: Session, customer: Session, other: Session, contractor: Session;
  let mat: Product, sensor: Product, scarce: Product;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    customer = await actorOf(t, 'customer');
    other = await actorOf(t, 'customer');
    const dealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    const cat = await makeCategory(t, admin.auth, 'Mats');
    mat = await makeProduct(t, admin.auth, cat.id, { price: 22_900, stock: 10 });
    sensor = await makeProduct(t, admin.auth, cat.id, { price: 45_000, stock: 5, kind: 'sensor' });
    scarce = await makeProduct(t, admin.auth, cat.id, { price: 1_500, stock: 2, kind: 'accessory' });
    await t.app.inject({ method: 'POST', url: `/api/v1/products/${mat.id}/images`, headers: admin.auth, payload: form({}, [['images', 'm.png', PNG]]) });
  });
  afterAll(() => t.close());

  const put = (s: Session | undefined, productId: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${productId}`, headers: s?.auth, payload: payload as never });
  const cartOf = (s: Session) => t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: s.auth });

  it('starts empty, adds lines priced by the server, and computes the subtotal in cents', async () => {
    expect((await cartOf(customer)).json()).toEqual({ items: [], itemCount: 0, subtotal: 0, currency: 'CAD', canCheckout: false });
    const res = await put(customer, mat.id, { quantity: 2, unitPrice: 1, price: 1 });
    expect(res.statusCode).toBe(200);
    await put(customer, sensor.id, { quantity: 1 });
    const cart = (await cartOf(customer)).json();
    expect(cart).toMatchObject({ itemCount: 3, subtotal: 2 * 22_900 + 45_000, canCheckout: true });
    expect(cart.items[0]).toMatchObject({ productId: mat.id, quantity: 2, unitPrice: 22_900, lineTotal: 45_800, status: 'available', stock: 10, name: mat.name });
    expect(cart.items[0].image).toMatch(/^\/uploads\/products\//);
    // Setting again replaces the quantity, it does not add.
    expect((await put(customer, mat.id, { quantity: 3 })).json().items[0].quantity).toBe(3);
  });

  it('refuses more than the stock with a clear message, bad quantities, and unknown products', async () => {
    const over = await put(customer, scarce.id, { quantity: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: 'Not enough stock: only 2 left',
      code: 'commerce.notEnoughStock',
      params: { stock: 2 },
      issues: [{ path: 'quantity', code: 'commerce.notEnoughStock', message: 'Not enough stock: only 2 left', params: { stock: 2 } }],
    });
    const bad = await put(customer, scarce.id, { quantity: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual(issue('quantity', m.quantityInvalid));
    expect((await put(customer, scarce.id, { quantity: 1.5 })).statusCode).toBe(400);
    expect((await put(customer, MISSING, { quantity: 1 })).statusCode).toBe(404);
    expect((await put(customer, 'nope', { quantity: 1 })).statusCode).toBe(400);
  });

  it('needs a signed-in user; any role may have a cart', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cart' })).statusCode).toBe(401);
    expect((await put(undefined, mat.id, { quantity: 1 })).statusCode).toBe(401);
    expect((await put(contractor, mat.id, { quantity: 1 })).statusCode).toBe(200);
    expect((await put(admin, mat.id, { quantity: 1 })).statusCode).toBe(200);
  });

  it("keeps each user's cart apart: another user's line cannot be read or removed", async () => {
    await put(other, scarce.id, { quantity: 1 });
    expect((await cartOf(customer)).json().items.map((l: { productId: string }) => l.productId)).not.toContain(scarce.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${scarce.id}`, headers: customer.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.notInCart);
    expect((await cartOf(other)).json().items).toMatchObject([{ productId: scarce.id, quantity: 1 }]);
  });

  it('removes lines with DELETE or quantity 0', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${scarce.id}`, headers: other.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([]);
    await put(other, sensor.id, { quantity: 2 });
    expect((await put(other, sensor.id, { quantity: 0 })).json().items).toEqual([]);
    expect((await put(other, sensor.id, { quantity: 0 })).statusCode).toBe(200);
  });

  it('reports lines of inactive or deleted products as unavailable, and short stock', async () => {
    const s = await actorOf(t, 'customer');
    const cat = await makeCategory(t, admin.auth);
    const gone = await makeProduct(t, admin.auth, cat.id, { price: 9_900, stock: 4 });
    const paused = await makeProduct(t, admin.auth, cat.id, { price: 5_000, stock: 4 });
    const short = await makeProduct(t, admin.auth, cat.id, { price: 1_000, stock: 4 });
    await put(s, gone.id, { quantity: 1 });
    await put(s, paused.id, { quantity: 1 });
    await put(s, short.id, { quantity: 3 });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${gone.id}`, headers: admin.auth });
    await t.app.inject({ method: 'PUT', url: `/api/v1/products/${paused.id}`, headers: admin.auth, payload: { active: false } });
    await t.app.inject({ method: 'PUT', url: `/api/v1/products/${short.id}`, headers: admin.auth, payload: { stock: 2, price: 1_200 } });
    const cart = (await cartOf(s)).json();
    expect(cart.items).toMatchObject([
      { productId: gone.id, status: 'unavailable', unitPrice: null, lineTotal: 0, name: null },
      { productId: paused.id, status: 'unavailable', unitPrice: null, lineTotal: 0 },
      { productId: short.id, status: 'insufficient_stock', stock: 2, unitPrice: 1_200, lineTotal: 3_600 },
    ]);
    expect(cart).toMatchObject({ subtotal: 3_600, canCheckout: false });
    expect((await put(s, paused.id, { quantity: 1 })).statusCode).toBe(404);
  });

  it("merges a visitor's cart at sign-in: quantities add up, capped at the stock", async () => {
    const s = await actorOf(t, 'customer');
    await put(s, mat.id, { quantity: 4 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/merge',
      headers: s.auth,
      payload: { items: [{ productId: mat.id, quantity: 5 }, { productId: scarce.id, quantity: 1 }, { productId: scarce.id, quantity: 4 }, { productId: MISSING, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject([
      { productId: mat.id, quantity: 9 },
      { productId: scarce.id, quantity: 2 },
    ]);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', headers: s.auth, payload: { items: [{ productId: mat.id, quantity: 5 }] } });
    expect(again.json().items[0]).toMatchObject({ productId: mat.id, quantity: 10, status: 'available' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', headers: s.auth, payload: { items: [{ productId: mat.id, quantity: 'many' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('items.0.quantity');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', payload: { items: [] } })).statusCode).toBe(401);
  });

  it('merges one local cart (one merge key) once, also sent again or sent twice at once; another key merges again', async () => {
    const s = await actorOf(t, 'customer');
    const merge = (mergeKey: string, quantity = 2) =>
      t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', headers: s.auth, payload: { items: [{ productId: mat.id, quantity }], mergeKey } });
    const quantity = async () => (await cartOf(s)).json().items.find((l: { productId: string }) => l.productId === mat.id)?.quantity;
    expect((await merge('local-cart-aaaa')).json().items).toMatchObject([{ productId: mat.id, quantity: 2 }]);
    // The answer was lost to a navigation and the page sends the same cart again.
    expect((await merge('local-cart-aaaa')).json().items).toMatchObject([{ productId: mat.id, quantity: 2 }]);
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => merge('local-cart-bbbb', 1)));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await quantity()).toBe(3);
    await merge('local-cart-cccc', 1);
    expect(await quantity()).toBe(4);
    expect((await merge('short', 1)).statusCode).toBe(400);
  });

  it('holds under concurrency: one cart and one line per product, merges summed and capped', async () => {
    const s = await actorOf(t, 'customer');
    const puts = await Promise.all([1, 2, 3, 4, 5].map((q) => put(s, mat.id, { quantity: q })));
    expect(puts.every((r) => r.statusCode === 200)).toBe(true);
    const lines = (await cartOf(s)).json().items;
    expect(lines).toHaveLength(1);
    const merges = await Promise.all(
      [1, 2, 3, 4].map(() => t.app.inject({ method: 'POST', url: '/api/v1/cart/merge', headers: s.auth, payload: { items: [{ productId: sensor.id, quantity: 2 }] } })),
    );
    expect(merges.every((r) => r.statusCode === 200)).toBe(true);
    // 4 x 2 asked, 5 in stock.
    expect((await cartOf(s)).json().items.find((l: { productId: string }) => l.productId === sensor.id).quantity).toBe(5);
  });

  it("prices a visitor's cart from the catalogue and ignores any price the client sends", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/price',
      payload: { items: [{ productId: mat.id, quantity: 2, unitPrice: 1, price: 1, lineTotal: 2 }, { productId: MISSING, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      items: [
        { productId: mat.id, quantity: 2, unitPrice: 22_900, lineTotal: 45_800, status: 'available' },
        { productId: MISSING, status: 'unavailable', lineTotal: 0 },
      ],
      subtotal: 45_800,
      canCheckout: false,
    });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/cart/price', payload: { items: [{ productId: 'x', quantity: 1 }] } });
    expect(bad.statusCode).toBe(400);
  });
});
