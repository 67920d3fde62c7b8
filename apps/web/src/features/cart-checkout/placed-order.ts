import type { PlacedOrderOut } from '@meltway/shared/orders/order.schema';

/** What the payment step needs of a placed order; a reload of the page resumes from it. */
export type PlacedOrder = Pick<PlacedOrderOut, 'id' | 'number' | 'totalCents' | 'payment'>;
/** The order the thank-you page names, when the page is opened again without the navigation's state. */
export type CompletedOrder = Pick<PlacedOrderOut, 'id' | 'number'>;

export const PLACED_KEY = 'meltway.checkout.placed';
const COMPLETED_KEY = 'meltway.checkout.completed';

function read<T>(key: string, valid: (value: Record<string, unknown>) => boolean): T | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' && valid(value as Record<string, unknown>) ? (value as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: a reload starts the page over, the order itself is safe on the server.
  }
}

const named = (v: Record<string, unknown>) => typeof v.id === 'string' && typeof v.number === 'string';

/** The tab's card order waiting for its payment, if any. */
export const placedOrder = () => read<PlacedOrder>(PLACED_KEY, (v) => named(v) && typeof v.totalCents === 'number');

export function rememberPlacedOrder(order: PlacedOrder) {
  const { id, number, totalCents, payment } = order;
  write(PLACED_KEY, { id, number, totalCents, payment });
}

export const forgetPlacedOrder = () => write(PLACED_KEY, null);

/** The payment went through (or none was needed): the checkout starts over, the thank-you page keeps the number. */
export function completeOrder(order: CompletedOrder) {
  forgetPlacedOrder();
  write(COMPLETED_KEY, { id: order.id, number: order.number });
}

export const completedOrder = (id: string) => {
  const done = read<CompletedOrder>(COMPLETED_KEY, named);
  return done?.id === id ? done : null;
};
