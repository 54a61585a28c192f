import { useQuery } from '@tanstack/react-query';
import type { ReturnOptionsResponse } from '../../../../../contracts/returns';
import { apiGet } from '../../../lib/api-client';
import { returnsKeys } from './returns-keys';

/** `GET /public/orders/{orderId}/returns?phone`: what may be returned or exchanged, unit by unit, and the sizes in stock. */
export function getReturnOptions(orderId: string, phone?: string, signal?: AbortSignal): Promise<ReturnOptionsResponse> {
  return apiGet<ReturnOptionsResponse>(`/public/orders/${encodeURIComponent(orderId)}/returns`, { signal, params: phone ? { phone } : {} });
}

export function useReturnOptions(orderId: string, phone: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: returnsKeys.options(orderId, phone), queryFn: ({ signal }) => getReturnOptions(orderId, phone, signal), enabled, retry: false, staleTime: 0 });
}
