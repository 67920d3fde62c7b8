import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandOut } from '@meltway/shared/catalogue/brand.schema';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import type { ProductInput, ProductList, ProductOut, ProductSummary, ProductUpdate } from '@meltway/shared/catalogue/product.schema';
import type { SupplierInput, SupplierOut, SupplierUpdate } from '@meltway/shared/catalogue/supplier.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api, type UploadOptions } from '@/lib/api-client';
import { saveMultipart, sendMultipart, type MultipartFields } from '@/lib/multipart';
import { catalogueKeys } from './catalogue-keys';

/** Filters of the dashboard's product table besides the table's own paging, sorting and search. */
export type AdminProductFilters = { categoryId?: string; status?: 'active' | 'inactive' | 'all' };

const pageQuery = (request: PageRequest) => ({
  page: request.page,
  pageSize: request.pageSize,
  q: request.q.trim() || undefined,
  sort: request.sort,
  order: request.sort ? request.order : undefined,
});

/** Staff see inactive products too (status=all). */
export function fetchAdminProductsPage(request: PageRequest, filters: AdminProductFilters): Promise<PageResult<ProductSummary>> {
  return api.get<ProductList>('/api/v1/products', { ...pageQuery(request), status: filters.status ?? 'all', categoryId: filters.categoryId });
}

export const fetchCategoriesPage = (request: PageRequest) =>
  api.get<PageResult<CategoryOut>>('/api/v1/categories', pageQuery(request));
export const fetchBrandsPage = (request: PageRequest) => api.get<PageResult<BrandOut>>('/api/v1/brands', pageQuery(request));
export const fetchSuppliersPage = (request: PageRequest) =>
  api.get<PageResult<SupplierOut>>('/api/v1/suppliers', pageQuery(request));

/** The choices of a form's select: every brand (the API pages at 100 at most). */
export function useBrandOptions() {
  return useQuery({
    queryKey: catalogueKeys.admin('brand-options'),
    queryFn: () => api.get<PageResult<BrandOut>>('/api/v1/brands', { pageSize: 100 }),
  });
}

export function useSupplierOptions(enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.admin('supplier-options'),
    queryFn: () => api.get<PageResult<SupplierOut>>('/api/v1/suppliers', { pageSize: 100 }),
    enabled,
  });
}

/** A product with its images and technical data, fresh from the server (staff see inactive ones). */
export function useAdminProduct(id: string | undefined) {
  return useQuery({
    queryKey: catalogueKeys.admin('product', id ?? ''),
    queryFn: () => api.get<ProductOut>(`/api/v1/products/${encodeURIComponent(id!)}`),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Every catalogue write retires every catalogue list and page the app holds, storefront included. */
function useCatalogueMutation<TVars, TOut>(mutationFn: (vars: TVars) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: catalogueKeys.all }) });
}

export const useCreateProduct = () => useCatalogueMutation((input: ProductInput) => api.post<ProductOut>('/api/v1/products', input));
export const useUpdateProduct = () =>
  useCatalogueMutation(({ id, input }: { id: string; input: ProductUpdate }) =>
    api.put<ProductOut>(`/api/v1/products/${encodeURIComponent(id)}`, input),
  );
export const useDeleteProduct = () =>
  useCatalogueMutation((id: string) => api.delete<MessageOut>(`/api/v1/products/${encodeURIComponent(id)}`));

/** Adds images in the order given; progress covers the whole request. */
export const uploadProductImages = (id: string, files: File[], options?: UploadOptions) =>
  sendMultipart<ProductOut>('POST', `/api/v1/products/${encodeURIComponent(id)}/images`, { images: files }, options);
export const useRemoveProductImage = () =>
  useCatalogueMutation(({ id, imageId }: { id: string; imageId: string }) =>
    api.delete<ProductOut>(`/api/v1/products/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`),
  );
export const useReorderProductImages = () =>
  useCatalogueMutation(({ id, ids }: { id: string; ids: string[] }) =>
    api.put<ProductOut>(`/api/v1/products/${encodeURIComponent(id)}/images/order`, { ids }),
  );

type Upload = { fields: MultipartFields; onProgress?: (fraction: number) => void };

/** Categories and brands are multipart (an optional image or logo); suppliers are plain JSON. */
export const useSaveCategory = () =>
  useCatalogueMutation(({ id, fields, onProgress }: Upload & { id?: string }) =>
    saveMultipart<CategoryOut>('/api/v1/categories', id, fields, { onProgress }),
  );
export const useDeleteCategory = () =>
  useCatalogueMutation((id: string) => api.delete<MessageOut>(`/api/v1/categories/${encodeURIComponent(id)}`));

export const useSaveBrand = () =>
  useCatalogueMutation(({ id, fields, onProgress }: Upload & { id?: string }) =>
    saveMultipart<BrandOut>('/api/v1/brands', id, fields, { onProgress }),
  );
export const useDeleteBrand = () =>
  useCatalogueMutation((id: string) => api.delete<MessageOut>(`/api/v1/brands/${encodeURIComponent(id)}`));

export const useSaveSupplier = () =>
  useCatalogueMutation(({ id, input }: { id?: string; input: SupplierInput | SupplierUpdate }) =>
    id
      ? api.put<SupplierOut>(`/api/v1/suppliers/${encodeURIComponent(id)}`, input)
      : api.post<SupplierOut>('/api/v1/suppliers', input),
  );
export const useDeleteSupplier = () =>
  useCatalogueMutation((id: string) => api.delete<MessageOut>(`/api/v1/suppliers/${encodeURIComponent(id)}`));
