import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventRow } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

export function getSkuStream(productId: number, size: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<EventRow>>(`/admin/stock/${productId}/${encodeURIComponent(size)}/stream`, { signal });
}

export function skuStreamQueryOptions(productId: number, size: string) {
  return queryOptions({
    queryKey: stockKeys.stream(productId, size),
    queryFn: ({ signal }) => getSkuStream(productId, size, { signal }),
    staleTime: 5_000,
  });
}

export function useSkuStream(productId: number, size: string) {
  return useQuery(skuStreamQueryOptions(productId, size));
}
