import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import type { CartItemsInput, CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { ORDER_SORTS, type OrderOut, type OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { serverSort } from '@/components/data-table/server-sort';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/cart-keys';
import { cartStore } from '@/lib/cart-store';
import { dashboardKeys } from '@/lib/dashboard-keys';
import { orderPath as path } from '@/lib/order-api';
import { orderKeys } from '@/lib/order-keys';
import { saveFile } from '@/lib/save-file';
import { useCurrentUser } from '@/lib/session';

/** The filters of the order list besides the table's own (page, size, the order number in `q`). */
export type OrderFilters = {
  status?: OrderStatus;
  from?: string;
  to?: string;
  buyer?: string;
  buyerId?: string;
  dealerId?: string;
};

const today = () => new Date().toISOString().slice(0, 10);

/** One page of orders, newest first unless the table sorts by date, total or status: every order for an admin, a dealer's own and its contractors' for a dealer. */
export function fetchOrdersPage(request: PageRequest, filters: OrderFilters = {}): Promise<PageResult<OrderSummaryOut>> {
  return api.get<PageResult<OrderSummaryOut>>('/api/v1/orders', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    ...serverSort(ORDER_SORTS, request.sort, request.order),
    ...filters,
  });
}

/** Every order the filters match as CSV, written by the API (not just the page on screen). */
export async function downloadOrdersCsv(filters: OrderFilters & { q?: string; sort?: string; order?: 'asc' | 'desc' }) {
  const blob = await api.blob('/api/v1/orders/export.csv', { query: filters });
  saveFile(blob, `orders-${today()}.csv`);
}

/**
 * One page of the orders the signed-in user placed, newest first. `buyerId` keeps a dealer's or an
 * admin's own purchases apart from the orders they see in the dashboard.
 */
export function fetchMyOrdersPage(request: PageRequest, buyerId: string): Promise<PageResult<OrderSummaryOut>> {
  return api.get<PageResult<OrderSummaryOut>>('/api/v1/orders', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    buyerId,
  });
}

/**
 * The invoice PDF, in the order's language, saved as `fileName` (`invoice-<number>.pdf` from the dashboard);
 * it needs the bearer token, so no plain link.
 */
export async function downloadInvoice(order: Pick<OrderOut, 'id' | 'number'>, fileName = `invoice-${order.number}.pdf`) {
  const blob = await api.blob(`${path(order.id)}/invoice.pdf`);
  saveFile(blob, fileName);
}

/** The buyer's invoice, saved under the order's number alone (`<number>.pdf`). */
export function useDownloadInvoice() {
  return useMutation({ mutationFn: (order: Pick<OrderOut, 'id' | 'number'>) => downloadInvoice(order, `${order.number}.pdf`) });
}

const mergeIntoServerCart = (input: CartItemsInput) => api.post<CartOut>('/api/v1/cart/merge', input);

/** Puts an order's lines back in the signed-in buyer's cart (added to what it holds, capped at the stock). */
export function useReorder() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (order: Pick<OrderOut, 'lines'>) =>
      mergeIntoServerCart({ items: order.lines.map(({ productId, quantity }) => ({ productId, quantity })) }),
    onSuccess: (cart: CartOut) => {
      if (userId) queryClient.setQueryData(cartKeys.server(userId), cart);
      cartStore.setServerCount(cart.itemCount);
    },
  });
}

/** The steps an admin takes on an order from the dashboard, each a POST /orders/:id/<action>. */
export type OrderStep =
  | { action: 'process' | 'deliver' | 'settle' }
  | { action: 'ship'; carrier: string; trackingNumber: string }
  | { action: 'cancel'; reason?: string }
  | { action: 'refund'; amountCents?: number; reason?: string };

function runOrderStep(id: string, step: OrderStep) {
  const { action, ...body } = step;
  return api.post<OrderOut>(`${path(id)}/${action}`, body);
}

/**
 * Moves an order one step; the answer is the order as it now stands. Lists, transactions, commission and
 * the home figures may all change with it, so they are fetched again.
 */
export function useOrderStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) => runOrderStep(id, step),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(id), order);
      return Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.lists() }),
        client.invalidateQueries({ queryKey: orderKeys.transactions() }),
        client.invalidateQueries({ queryKey: orderKeys.commission() }),
        client.invalidateQueries({ queryKey: orderKeys.credits() }),
        client.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
