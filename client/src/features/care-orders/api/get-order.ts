import type { CareOrderResponse } from '../../../../../contracts/orders';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** After an action: how many timeline entries to wait for, and until when. */
export interface TimelineWait {
  entries: number;
  until: number;
}

/**
 * `GET /admin/orders/{id}`. The timeline is a projection and may trail the command by a moment: after an
 * action the page polls every 300 ms until the new event shows (for at most a few seconds).
 */
export function useOrder(orderId: string, wait?: TimelineWait | null) {
  return useConsoleQuery<CareOrderResponse>(careOrdersKeys.detail(orderId), `/admin/orders/${encodeURIComponent(orderId)}`, {
    staleTime: 5_000,
    refetchInterval: (query) => {
      const shown = query.state.data?.timeline.length ?? 0;
      return wait && shown < wait.entries && Date.now() < wait.until ? 300 : false;
    },
  });
}
