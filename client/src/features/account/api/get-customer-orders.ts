import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import type { CustomerOrderRow } from './types';

/** `GET /orders/getOrders` (bearer): the dashboard's Orders History. */
export async function getCustomerOrders({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerOrderRow[]> {
  const response = await apiGet<{ data?: CustomerOrderRow[] }>('/orders/getOrders', { signal });
  return Array.isArray(response?.data) ? response.data : [];
}

export function customerOrdersQueryOptions() {
  return queryOptions({ queryKey: accountKeys.orders(), queryFn: ({ signal }) => getCustomerOrders({ signal }), staleTime: 0 });
}

export function useCustomerOrders() {
  return useQuery(customerOrdersQueryOptions());
}
