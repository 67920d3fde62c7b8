import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';
import { apiToken } from './session';

type Placed = { id: string; number: string; status: string; payment: { provider: string; clientSecret: string | null } | null };

const ONTARIO = { fullname: 'E2E Buyer', line1: '100 King Street West', city: 'Toronto', province: 'ON', postalCode: 'M5X 1A9', country: 'CA' };

/**
 * A buyer's order placed and paid through the API as the checkout page does it: a product in the server
 * cart, POST /orders by card with an idempotency key, then the test provider's confirmation.
 */
export async function placePaidOrder(request: APIRequestContext, email: string, quantity = 1): Promise<Placed> {
  const auth = { Authorization: `Bearer ${await apiToken(request, email, DEMO_PASSWORD)}` };
  // Other journeys leave lines in the same account's cart: the order holds this one product only.
  const cart = (await (await request.get('/api/v1/cart', { headers: auth })).json()) as { items: { productId: string }[] };
  for (const line of cart.items) await request.delete(`/api/v1/cart/items/${line.productId}`, { headers: auth });
  const list = (await (await request.get('/api/v1/products?pageSize=20&sort=price&order=asc')).json()) as { items: { id: string; stock: number }[] };
  const product = list.items.find((p) => p.stock >= 20);
  expect(product, 'a product in stock').toBeTruthy();
  const put = await request.put(`/api/v1/cart/items/${product!.id}`, { headers: auth, data: { quantity } });
  expect(put.status(), await put.text()).toBe(200);

  const key = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  const placed = await request.post('/api/v1/orders', {
    headers: { ...auth, 'Idempotency-Key': key },
    data: { shippingAddress: ONTARIO, shippingMethodId: 'standard', paymentMethod: 'card', locale: 'en' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Placed;
  const paid = await request.post('/api/v1/payments/test/confirm', { data: { orderId: order.id, clientSecret: order.payment!.clientSecret } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { ...order, status: ((await paid.json()) as { status: string }).status };
}
