import { eq, sql } from 'drizzle-orm';
import type { ShippingAddressInput } from '@meltway/shared/cart-checkout/checkout.schema';
import { products } from '../db/schema/catalogue.js';
import { coupons, orders, outbox } from '../db/schema/commerce.js';
import type { Session, TestApp } from './harness.js';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A postal code of each province and territory (its first letter names the province, as checkout checks). */
const POSTAL_CODE_OF: Record<string, string> = {
  AB: 'T2P 1J9', BC: 'V6B 1A1', MB: 'R3C 0A1', NB: 'E1C 4M3', NL: 'A1C 5M2', NS: 'B3H 1A1', NT: 'X1A 2L9', NU: 'X0A 0H0',
  ON: 'M5V 2T6', PE: 'C1A 4P3', QC: 'H2X 1Y4', SK: 'S4P 3Y2', YT: 'Y1A 1B5',
};

/** A delivery address in a province (or a US state with `country: 'US'`), with a postal code of that province. */
export const address = (province = 'ON', overrides: Partial<ShippingAddressInput> = {}): ShippingAddressInput => ({
  fullname: 'Casey Buyer',
  line1: '1 Thaw Street',
  city: 'Somewhere',
  province,
  postalCode: overrides.country === 'US' ? '10001' : (POSTAL_CODE_OF[province] ?? 'H2X 1Y4'),
  country: 'CA',
  ...overrides,
});

/** A guest's email, new each time. */
export const guestEmail = () => `guest-${unique()}@example.com`;

/** A coupon written straight to the database (its admin routes have their own tests). */
export async function makeCoupon(t: TestApp, values: Partial<typeof coupons.$inferInsert> = {}) {
  const code = values.code ?? `SAVE${unique().toUpperCase()}`;
  const [row] = await t.db
    .insert(coupons)
    .values({ name: `Coupon ${code}`, code, discountPercent: 10, ...values })
    .returning();
  return row!;
}

export const couponRow = async (t: TestApp, id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

export const stockOf = async (t: TestApp, productId: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;

export const setStock = (t: TestApp, productId: string, stock: number) => t.db.update(products).set({ stock }).where(eq(products.id, productId));

export const countOrders = async (t: TestApp) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

export const countOutbox = async (t: TestApp) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;

/** Sets a trade account's credit limit through the admin route. */
export async function setCreditLimit(t: TestApp, admin: Session, userId: string, creditLimitCents: number | null) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/users/${userId}/credit-limit`, headers: admin.auth, payload: { creditLimitCents } });
  if (res.statusCode !== 200) throw new Error(`credit limit: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Puts `quantity` of a product in a signed-in user's cart. */
export async function addToCart(t: TestApp, s: Session, productId: string, quantity: number) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${productId}`, headers: s.auth, payload: { quantity } });
  if (res.statusCode !== 200) throw new Error(`cart: ${res.statusCode} ${res.body}`);
}

/** POST /checkout/quote, as `s` (a guest without). */
export const quoteAs = (t: TestApp, s: Session | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/checkout/quote', headers: s?.auth, payload: payload as never });

/** POST /orders, as `s` (a guest without), with an Idempotency-Key when given. */
export const placeAs = (t: TestApp, s: Session | undefined, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...(s?.auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as never,
  });
