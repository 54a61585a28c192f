import type { OrderChangeResponse } from '../../../../../contracts/orders';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export type CallOutcome = 'reached' | 'not_reached' | 'confirmed' | 'refused';

/** `POST /admin/orders/{id}/call`: how the confirmation call went, on the timeline. */
export function useRecordCall() {
  return useConsoleMutation<{ orderId: string; outcome: CallOutcome; note?: string }, OrderChangeResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/call`,
    ({ outcome, note }) => ({ outcome, ...(note ? { note } : {}) }),
    (input) => [careOrdersKeys.detail(input.orderId)],
  );
}
