import type { OrdersLatestVersionResponse } from '../../../../../contracts/orders';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/** How often care's console asks whether an order came or changed: a cheap, cached answer (issue 31). */
export const LIVE_POLL_MS = 5_000;

/**
 * `GET /admin/orders/latest-version`, every five seconds while the console is open (in a background tab too: a
 * new order must reach care who is on another tab). One query for the menu's badge and the order list.
 */
export function useLatestOrders() {
  return useConsoleQuery<OrdersLatestVersionResponse>(careOrdersKeys.latest(), '/admin/orders/latest-version', {
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}
