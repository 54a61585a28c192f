import type { OrderListRow } from '../../../../../contracts/orders';
import type { Paginated } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  phone?: string;
  orderId?: string;
  payment?: string;
  page?: number;
}

/** `GET /admin/orders`: newest first, 25 a page. */
export function useOrders(filters: OrderFilters) {
  return useConsoleQuery<Paginated<OrderListRow>>(careOrdersKeys.list(filters), '/admin/orders', { params: { ...filters }, staleTime: 10_000, list: true });
}
