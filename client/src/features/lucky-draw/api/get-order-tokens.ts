import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LuckyDrawTokensResponse } from '../../../../../contracts/offers';
import { ApiError, apiGet } from '../../../lib/api-client';
import { luckyDrawKeys } from './lucky-draw-keys';

/** An order's lucky-draw tokens and their state (care and admin); an order with none answers an empty list. */
export async function getOrderTokens(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<LuckyDrawTokensResponse['tokens']> {
  try {
    return (await apiGet<LuckyDrawTokensResponse>(`/admin/lucky-draw-tokens/${encodeURIComponent(orderId)}`, { signal })).tokens;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function orderTokensQueryOptions(orderId: string) {
  return queryOptions({ queryKey: luckyDrawKeys.orderTokens(orderId), queryFn: ({ signal }) => getOrderTokens(orderId, { signal }), staleTime: 5_000 });
}

export function useOrderTokens(orderId: string) {
  return useQuery({ ...orderTokensQueryOptions(orderId), enabled: Boolean(orderId) });
}
