import { useQuery } from '@tanstack/react-query';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './catalogue-keys';

const fetchCategories = () => api.get<{ items: CategoryOut[]; total: number }>('/api/v1/categories', { pageSize: 100 });
const fetchCategory = (id: string) => api.get<CategoryOut>(`/api/v1/categories/${encodeURIComponent(id)}`);

export function useCategories() {
  return useQuery({ queryKey: catalogueKeys.categories(), queryFn: fetchCategories, staleTime: 5 * 60_000 });
}

export function useCategory(id: string | undefined) {
  return useQuery({ queryKey: catalogueKeys.category(id ?? ''), queryFn: () => fetchCategory(id!), enabled: !!id });
}
