import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/dashboard-keys';

const fetchStats = () => api.get<DashboardStats>('/api/v1/dashboard/stats');

export function useDashboardStats() {
  return useQuery({ queryKey: dashboardKeys.stats(), queryFn: fetchStats });
}
