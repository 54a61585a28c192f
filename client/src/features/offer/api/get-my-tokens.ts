import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { LuckyDrawToken } from '../types';
import { offerKeys } from './offer-keys';

/** `GET /public/offers/my-tokens?orderId&phone`: the order's lucky-draw tokens; 404 when id and phone do not match. */
export async function getMyTokens(orderId: string, phone: string, { signal }: { signal?: AbortSignal } = {}): Promise<LuckyDrawToken[]> {
  const response = await apiGet<{ tokens?: LuckyDrawToken[] }>('/public/offers/my-tokens', { signal, params: { orderId, phone } });
  return response?.tokens ?? [];
}

export function myTokensQueryOptions(orderId: string, phone: string) {
  return queryOptions({ queryKey: offerKeys.myTokens(orderId, phone), queryFn: ({ signal }) => getMyTokens(orderId, phone, { signal }), staleTime: 0, retry: false });
}

export function useMyTokens(orderId: string, phone: string) {
  return useQuery({ ...myTokensQueryOptions(orderId, phone), enabled: Boolean(orderId && phone) });
}
