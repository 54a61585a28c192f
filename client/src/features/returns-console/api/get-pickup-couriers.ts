import type { CareShipmentResponse } from '../../../../../contracts/shipments';
import { useConsoleQuery } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

/**
 * The couriers the store offers now, read from the order's shipment panel (`GET /admin/orders/{id}/shipments`):
 * the pick-up may go with any of them (issue 35). Read only when care opens the pick-up form.
 */
export function usePickupCouriers(orderId: string, enabled: boolean) {
  return useConsoleQuery<CareShipmentResponse>(returnsConsoleKeys.couriers(orderId), `/admin/orders/${encodeURIComponent(orderId)}/shipments`, { enabled, staleTime: 60_000 });
}
