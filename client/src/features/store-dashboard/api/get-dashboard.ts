import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../../contracts/dashboard';
import { apiGet } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DashboardResponse>('/admin/dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard({ signal }), staleTime: 30_000 });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
