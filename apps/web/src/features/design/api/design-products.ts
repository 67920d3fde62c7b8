import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignProduct } from '@meltway/shared/design/design.schema';
import { api } from '@/lib/api-client';
import { designKeys } from './design-keys';

const fetchDesignProducts = () => api.get<DesignProduct[]>('/api/v1/design/products');

/** The live catalogue as the engine reads it; prices and stock change, so it is refetched when the page is entered again. */
const designProductsQueryOptions = () =>
  queryOptions({ queryKey: designKeys.products(), queryFn: fetchDesignProducts, staleTime: 60_000 });

export function useDesignProducts() {
  return useQuery(designProductsQueryOptions());
}
