import type { BatchBookingResponse, CourierCode } from '../../../../../contracts/shipments';
import { useConsoleMutation } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `POST /admin/shipments/batch`: the selected orders with one courier; each result says booked, already booked or why not. */
export function useBookShipmentsBatch() {
  return useConsoleMutation<{ courier: CourierCode; orderIds: string[] }, BatchBookingResponse>(
    () => '/admin/shipments/batch',
    ({ courier, orderIds }) => ({ courier, order_ids: orderIds }),
    () => [careOrdersKeys.all],
    { always: true },
  );
}
