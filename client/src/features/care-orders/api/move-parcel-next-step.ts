import type { ShipmentStepRecordedResponse } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `POST /admin/orders/{id}/shipments/next-step`: the demo courier moves the parcel one step on. */
export function useMoveParcelNextStep() {
  return useConsoleMutation<{ orderId: string }, ShipmentStepRecordedResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/shipments/next-step`,
    () => ({}),
    (input) => [careOrdersKeys.shipment(input.orderId), careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
    { always: true },
  );
}
