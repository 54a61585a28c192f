import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { EventRow } from './get-events';

export function getSkuStream(productId: number, size: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: EventRow[] }>(`/admin/stock/${productId}/${encodeURIComponent(size)}/stream`, { signal });
}

export function skuStreamQueryOptions(productId: number, size: string) {
  return queryOptions({
    queryKey: adminKeys.skuStream(productId, size),
    queryFn: ({ signal }) => getSkuStream(productId, size, { signal }),
    staleTime: 5_000,
  });
}

export function useSkuStream(productId: number, size: string) {
  return useQuery(skuStreamQueryOptions(productId, size));
}
