import type { ReturnTimelineResponse } from '../../../../../contracts/returns';
import { useConsoleQuery } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

/** `GET /admin/orders/{id}/return-steps`: the steps of the order's returns, for its timeline; refreshed after each return step. */
export function useReturnSteps(orderId: string) {
  return useConsoleQuery<ReturnTimelineResponse>(returnsConsoleKeys.steps(orderId), `/admin/orders/${encodeURIComponent(orderId)}/return-steps`, { enabled: Boolean(orderId) });
}
