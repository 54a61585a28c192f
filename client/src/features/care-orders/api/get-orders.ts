import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListRow } from '../../../../../contracts/orders';
import type { Paginated } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { careOrdersKeys } from './care-orders-keys';

export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  phone?: string;
  orderId?: string;
  payment?: string;
  page?: number;
}

export function getOrders(filters: OrderFilters, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Paginated<OrderListRow>>('/admin/orders', { signal, params: { ...filters } });
}

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: careOrdersKeys.list(filters),
    queryFn: ({ signal }) => getOrders(filters, { signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters));
}
