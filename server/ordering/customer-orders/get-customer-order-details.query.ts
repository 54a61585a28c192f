import { Query } from '@nestjs/cqrs';
import type { OrderHistoryLineResponse, OrderRowResponse } from '../api/dto/order.responses';

export interface CustomerOrderDetails {
  orderrow: OrderRowResponse;
  orderhistory: OrderHistoryLineResponse[];
  currencySymbol: string;
}

/**
 * One of the signed-in customer's orders for the Order Details page (`GET /api/orders/getOrdersHistory?order_id`
 * answers `{ data: { data: details } }`; the route belongs to the accounts context). Another customer's order
 * is "not found", never "forbidden".
 */
export class GetCustomerOrderDetailsQuery extends Query<CustomerOrderDetails> {
  constructor(
    readonly userId: string,
    readonly orderId: unknown,
  ) {
    super();
  }
}
