import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import { ORDER_SORTS, type OrderOut, type OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { serverSort } from '@/components/data-table/server-sort';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/dashboard-keys';
import { saveFile } from '@/lib/save-file';
import { orderKeys } from './order-keys';

/** The filters of the order list besides the table's own (page, size, the order number in `q`). */
export type OrderFilters = {
  status?: OrderStatus;
  from?: string;
  to?: string;
  buyer?: string;
  buyerId?: string;
  dealerId?: string;
};

const path = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`;
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

const fetchOrder = (id: string) => api.get<OrderOut>(path(id));

export function useOrder(id: string | undefined) {
  return useQuery({ queryKey: orderKeys.detail(id ?? ''), queryFn: () => fetchOrder(id!), enabled: !!id, retry: false });
}

/** The invoice PDF, in the order's language; it needs the bearer token, so no plain link. */
export async function downloadInvoice(order: Pick<OrderOut, 'id' | 'number'>) {
  const blob = await api.blob(`${path(order.id)}/invoice.pdf`);
  saveFile(blob, `invoice-${order.number}.pdf`);
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
        client.invalidateQueries({ queryKey: [...orderKeys.all, 'credit'] }),
        client.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
