import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList, ProductOut } from '@meltway/shared/catalogue/product.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys, type ProductQuery } from './catalogue-keys';

const fetchProducts = (query: ProductQuery) => api.get<ProductList>('/api/v1/products', query);
const fetchProduct = (idOrSlug: string) => api.get<ProductOut>(`/api/v1/products/${encodeURIComponent(idOrSlug)}`);

const productsQueryOptions = (query: ProductQuery) =>
  queryOptions({ queryKey: catalogueKeys.products(query), queryFn: () => fetchProducts(query) });

export function useProducts(query: ProductQuery) {
  return useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
}

export function useProduct(idOrSlug: string) {
  return useQuery({ queryKey: catalogueKeys.product(idOrSlug), queryFn: () => fetchProduct(idOrSlug) });
}
