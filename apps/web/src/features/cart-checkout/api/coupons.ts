import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import type { CouponInput, CouponOut } from '@meltway/shared/cart-checkout/coupon.schema';
import { api } from '@/lib/api-client';
import { couponKeys } from './admin-keys';

const fetchCoupons = () => api.get<CouponOut[]>('/api/v1/coupons');
/** The categories a coupon may be limited to, by name (the API's largest page). */
const fetchCouponCategories = () =>
  api.get<{ items: CategoryOut[]; total: number }>('/api/v1/categories', { pageSize: 100, sort: 'name', order: 'asc' });

export function useCoupons() {
  return useQuery({ queryKey: couponKeys.list(), queryFn: fetchCoupons });
}

export function useCouponCategories() {
  return useQuery({ queryKey: couponKeys.categories(), queryFn: fetchCouponCategories, staleTime: 60_000, select: (page) => page.items });
}

function useCouponMutation<TVars, TOut>(mutationFn: (vars: TVars) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: couponKeys.list() }) });
}

/** Creates a coupon, or replaces every field of one (`id`). */
export const useSaveCoupon = () =>
  useCouponMutation(({ id, input }: { id?: string; input: CouponInput }) =>
    id ? api.put<CouponOut>(`/api/v1/coupons/${encodeURIComponent(id)}`, input) : api.post<CouponOut>('/api/v1/coupons', input),
  );

export const useDeleteCoupon = () => useCouponMutation((id: string) => api.delete<void>(`/api/v1/coupons/${encodeURIComponent(id)}`));
