import type { CareOrderResponse } from '../../../../../contracts/orders';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/**
 * `GET /admin/orders/{id}`. The answer includes every step already recorded (the server reads what the
 * timeline projection has not applied yet from the order's stream), so the refetch after an action shows it.
 */
export function useOrder(orderId: string) {
  return useConsoleQuery<CareOrderResponse>(careOrdersKeys.detail(orderId), `/admin/orders/${encodeURIComponent(orderId)}`, { staleTime: 5_000 });
}
