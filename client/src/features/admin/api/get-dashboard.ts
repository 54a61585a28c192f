import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface Dashboard {
  ordersPerDay: Array<{ day: string; orders: number; revenue: number }>;
  byStatus: Array<{ status: string; name: string; count: number }>;
  topProducts: Array<{ productId: number; name: string; units: number; revenue: number }>;
  coupons: Array<{ code: string; redemptions: number }>;
  lowStock: Array<{ productId: number; name: string; size: string; available: number }>;
}

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Dashboard>('/admin/dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard({ signal }), staleTime: 30_000 });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
