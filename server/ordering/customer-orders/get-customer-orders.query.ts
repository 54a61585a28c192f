import { Query } from '@nestjs/cqrs';
import type { CustomerOrderRowResponse } from '../api/dto/order.responses';

/**
 * The signed-in customer's orders, newest first: rows of the dashboard's Orders History table
 * (`GET /api/orders/getOrders` answers `{ data: rows }`; the route belongs to the accounts context).
 */
export class GetCustomerOrdersQuery extends Query<CustomerOrderRowResponse[]> {
  constructor(readonly userId: string) {
    super();
  }
}
