import type { ParcelStageCode, ShipmentStepRecordedResponse } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface ParcelStepInput {
  orderId: string;
  stage: ParcelStageCode;
  message?: string;
  /** Cash the rider collected, in Taka. */
  collected?: number;
}

/** `POST /admin/orders/{id}/shipments/steps`: care records a manual parcel's step. */
export function useRecordParcelStep() {
  return useConsoleMutation<ParcelStepInput, ShipmentStepRecordedResponse>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/shipments/steps`,
    ({ stage, message, collected }) => ({ stage, ...(message ? { message } : {}), ...(collected !== undefined ? { collected } : {}) }),
    (input) => [careOrdersKeys.shipment(input.orderId), careOrdersKeys.detail(input.orderId), careOrdersKeys.lists()],
    { always: true },
  );
}
