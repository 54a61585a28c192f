import type { ShipmentStepRecordedResponse } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface ReturnedUnits {
  product_id: number;
  size: string;
  quantity: number;
}

/** `POST /admin/orders/{id}/shipments/return`: the returned parcel received; every unit back to stock but the damaged ones. */
export function useReceiveReturnedParcel() {
  return useConsoleMutation<{ orderId: string; damaged: ReturnedUnits[]; note?: string }, ShipmentStepRecordedResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/shipments/return`,
    ({ damaged, note }) => ({ damaged, ...(note ? { note } : {}) }),
    (input) => [careOrdersKeys.shipment(input.orderId), careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
    { always: true },
  );
}
