import { useQuery } from '@tanstack/react-query';
import type { EventRow } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet, ApiError } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

/**
 * `GET /admin/stock/{productId}/{size}/stream`: one size's stock movements, oldest first. A size never stocked
 * has none yet (the server answers 404 for the empty stream): that is an empty history, not a failure.
 */
export function skuStreamQuery(productId: number, size: string) {
  return {
    queryKey: stockKeys.stream(productId, size),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DataList<EventRow>> => {
      try {
        return await apiGet<DataList<EventRow>>(`/admin/stock/${productId}/${encodeURIComponent(size)}/stream`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { data: [] };
        throw error;
      }
    },
    staleTime: 5_000,
  };
}

export function useSkuStream(productId: number, size: string) {
  return useQuery(skuStreamQuery(productId, size));
}
