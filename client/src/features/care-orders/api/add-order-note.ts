import type { OrderChangeResponse } from '../../../../../contracts/orders';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `POST /admin/orders/{id}/notes`: a note on the order's timeline. */
export function useAddOrderNote() {
  return useConsoleMutation<{ orderId: string; note: string }, OrderChangeResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/notes`,
    ({ note }) => ({ note }),
    (input) => [careOrdersKeys.detail(input.orderId)],
  );
}
