import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** Order row and lines of one of the customer's orders; shapes as spec §3 (kept loose: the orders feature reads them). */
export interface CustomerOrderDetails {
  orderrow: Record<string, unknown> & { orderId: string; order_type: number; order_date: string };
  orderhistory: Array<Record<string, unknown> & { id: number; slug: string; thumbnail: string; qty: number; size: string; price: number }>;
  currencySymbol?: string;
}

/** `GET /orders/getOrdersHistory?order_id` (bearer) → `{ data: { data: details } }`. */
export async function getOrdersHistory(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerOrderDetails> {
  const response = await apiGet<{ data?: { data?: CustomerOrderDetails } }>('/orders/getOrdersHistory', { signal, params: { order_id: orderId } });
  const details = response?.data?.data;
  if (!details?.orderrow) throw new Error('The order details answer has no order row.');
  return { ...details, orderhistory: Array.isArray(details.orderhistory) ? details.orderhistory : [] };
}

export function ordersHistoryQueryOptions(orderId: string) {
  return queryOptions({ queryKey: accountKeys.orderHistory(orderId), queryFn: ({ signal }) => getOrdersHistory(orderId, { signal }), staleTime: 0 });
}

export function useOrdersHistory(orderId: string) {
  return useQuery(ordersHistoryQueryOptions(orderId));
}
