import type { CareShipmentResponse } from '../../../../../contracts/shipments';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** `GET /admin/orders/{id}/shipments`: recipient, amount to collect, couriers offered, and the parcel once booked. */
export function useShipment(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useConsoleQuery<CareShipmentResponse>(careOrdersKeys.shipment(orderId), `/admin/orders/${encodeURIComponent(orderId)}/shipments`, { staleTime: 5_000, enabled: enabled && Boolean(orderId) });
}
