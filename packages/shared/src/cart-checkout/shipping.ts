import type { Country } from './regions.js';

export const SHIPPING_METHOD_IDS = ['standard', 'express', 'pickup'] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

export type ShippingMethod = {
  id: ShippingMethodId;
  /** Integer cents by destination country; a country not listed cannot use the method. */
  priceCents: Partial<Record<Country, number>>;
  /** Goods (after discount) at or above this amount ship free; null: never free. */
  freeFromCents: number | null;
  /** Business days, for the page. */
  days: readonly [number, number];
};

/** Shipping is priced by these rules on the server; the page only shows them. */
export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  { id: 'standard', priceCents: { CA: 2500, US: 6500 }, freeFromCents: 150_000, days: [3, 8] },
  { id: 'express', priceCents: { CA: 4900, US: 9900 }, freeFromCents: null, days: [1, 3] },
  { id: 'pickup', priceCents: { CA: 0 }, freeFromCents: null, days: [1, 2] },
];

export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = 'standard';

/** What a method costs to `country` for goods worth `goodsCents`, or null when it does not serve that country. */
export function shippingPrice(id: ShippingMethodId, country: Country, goodsCents: number): number | null {
  const method = SHIPPING_METHODS.find((s) => s.id === id);
  const price = method?.priceCents[country];
  if (method === undefined || price === undefined) return null;
  return method.freeFromCents !== null && goodsCents >= method.freeFromCents ? 0 : price;
}
