import type { AreaResponse } from '../../../../../contracts/catalog';
import { useConsoleMutation, useConsoleQuery } from '../../console-kit/console-query';
import type { AmendAnswer } from './amend-order';
import { careOrdersKeys } from './care-orders-keys';

/** `GET /public/areas?q=`: districts, upazilas and city thanas for care's address change (ADR 059). */
export function useAreaSearch(q: string) {
  const text = q.trim();
  return useConsoleQuery<{ data: AreaResponse[] }>(careOrdersKeys.areas(text), '/public/areas', { params: { q: text }, enabled: text.length >= 2, staleTime: 5 * 60_000 });
}

/** `POST /admin/orders/{id}/shipping`: a new picked area (and landmark) for the order, with the customer's reason. */
export function useChangeShippingArea() {
  return useConsoleMutation<{ orderId: string; areaId: string; landmark?: string; reason: string }, AmendAnswer>(
    ({ orderId }) => `/admin/orders/${encodeURIComponent(orderId)}/shipping`,
    ({ areaId, landmark, reason }) => ({ area_id: areaId, ...(landmark ? { landmark } : {}), reason }),
    (input) => [careOrdersKeys.detail(input.orderId)],
  );
}
