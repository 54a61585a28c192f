import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CareOrderResponse } from '../../../../../contracts/orders';
import { apiGet } from '../../../lib/api-client';
import { careOrdersKeys } from './care-orders-keys';

export function getOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<CareOrderResponse>(`/admin/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: careOrdersKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    staleTime: 5_000,
  });
}

/** After an action: how many timeline entries to wait for, and until when. */
export interface TimelineWait {
  entries: number;
  until: number;
}

/**
 * The timeline is a projection and may trail the command by a moment: after an action the page polls every
 * 300 ms until the new event shows (for at most a few seconds).
 */
export function useOrder(orderId: string, wait?: TimelineWait | null) {
  return useQuery({
    ...orderQueryOptions(orderId),
    refetchInterval: (query) => {
      const shown = query.state.data?.timeline.length ?? 0;
      return wait && shown < wait.entries && Date.now() < wait.until ? 300 : false;
    },
  });
}
