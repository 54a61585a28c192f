import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys, type Paginated } from './admin-keys';

export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  phone?: string;
  orderId?: string;
  payment?: string;
  page?: number;
}

export interface AdminOrderRow {
  orderId: string;
  order_type: number;
  status: string;
  order_status_name: string;
  customer_name: string;
  phone: string;
  payment_method: string | null;
  bkash_verified: boolean;
  grand_total: number | null;
  amount: number | null;
  placed_at: string;
}

export function getOrders(filters: OrderFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Paginated<AdminOrderRow>>('/admin/orders', { signal, params: { ...filters } });
}

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: adminKeys.orders(filters),
    queryFn: ({ signal }) => getOrders(filters, { signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters));
}
