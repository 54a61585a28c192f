import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { OrderTracking } from '../types';
import { ordersKeys } from './orders-keys';

/** `GET /public/getOrderInformation?orderId&phone`: tracking data, or 404 "Order not found or invalid information". */
export async function getOrderInformation(orderId: string, phone: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderTracking> {
  const response = await apiGet<{ success?: boolean; data?: OrderTracking; message?: string }>('/public/getOrderInformation', { signal, params: { orderId, phone } });
  if (!response?.data) throw new Error(response?.message ?? 'Order not found or invalid information');
  return response.data;
}

export function orderInformationQueryOptions(orderId: string, phone: string) {
  return queryOptions({ queryKey: ordersKeys.tracking(orderId, phone), queryFn: ({ signal }) => getOrderInformation(orderId, phone, { signal }), staleTime: 0, retry: false });
}

export function useOrderInformation(orderId: string, phone: string) {
  return useQuery({ ...orderInformationQueryOptions(orderId, phone), enabled: Boolean(orderId && phone) });
}
