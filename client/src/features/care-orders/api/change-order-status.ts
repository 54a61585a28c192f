import type { OrderChangeResponse } from '../../../../../contracts/orders';
import { useConsoleMutation } from '../../console-kit/console-query';
import type { OrderStep } from '../order-steps';
import { careOrdersKeys } from './care-orders-keys';

/** The status steps and the bKash check share one shape: POST /admin/orders/{id}/{step}. */
export type StatusAction = OrderStep | 'verify-bkash';

export interface StatusActionInput {
  orderId: string;
  action: StatusAction;
  note?: string;
  reason?: string;
  courier?: string;
  tracking_code?: string;
  /** verify-bkash: the transaction id of an advance the customer sent after checkout (issue 30). */
  transaction_id?: string;
}

/** Empty texts are left out of the body, so the server never sees a blank note or courier. */
export function useChangeOrderStatus() {
  return useConsoleMutation<StatusActionInput, OrderChangeResponse>(
    ({ orderId, action }) => `/admin/orders/${encodeURIComponent(orderId)}/${action}`,
    ({ orderId: _orderId, action: _action, ...body }) => Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string' && value.trim() !== '')),
    (input) => [careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
    { always: true },
  );
}
