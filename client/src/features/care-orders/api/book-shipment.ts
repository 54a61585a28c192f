import type { CourierCode, ShipmentBookedResponse } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface BookShipmentInput {
  orderId: string;
  courier: CourierCode;
  /** The manual courier only. */
  tracking_code?: string;
  courier_name?: string;
}

/** `POST /admin/orders/{id}/shipments`: books the order (201), or answers the parcel it already has (200). */
export function useBookShipment() {
  return useConsoleMutation<BookShipmentInput, ShipmentBookedResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/shipments`,
    ({ courier, tracking_code, courier_name }) => ({ courier, ...(courier === 'manual' ? { tracking_code, ...(courier_name ? { courier_name } : {}) } : {}) }),
    (input) => [careOrdersKeys.shipment(input.orderId), careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
    { always: true },
  );
}
