import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { OrderLine, OrderRow } from '../types';
import { ordersKeys } from './orders-keys';

export interface OrderSummary {
  orderrow: OrderRow;
  history: OrderLine[];
  currencySymbol?: string;
}

/** `GET /public/getOrders?orderId(&phone)`: order row and lines (personal fields only with the phone). */
export async function getOrderSummary(orderId: string, phone: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<OrderSummary> {
  const response = await apiGet<Partial<OrderSummary>>('/public/getOrders', { signal, params: { orderId, phone } });
  if (!response?.orderrow) throw new Error('The order answer has no order row.');
  return { orderrow: response.orderrow, history: Array.isArray(response.history) ? response.history : [], currencySymbol: response.currencySymbol };
}

export function orderSummaryQueryOptions(orderId: string, phone?: string) {
  return queryOptions({ queryKey: ordersKeys.summary(orderId, phone), queryFn: ({ signal }) => getOrderSummary(orderId, phone, { signal }), staleTime: 0 });
}

export function useOrderSummary(orderId: string | null, phone?: string) {
  return useQuery({ ...orderSummaryQueryOptions(orderId ?? '', phone), enabled: Boolean(orderId) });
}
