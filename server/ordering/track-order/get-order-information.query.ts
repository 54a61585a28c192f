import { Query } from '@nestjs/cqrs';
import type { OrderTrackingResponse } from '../api/dto/order.responses';

/** Order tracking and the verify page: the order id and the phone that placed it, both required to match. */
export class GetOrderInformationQuery extends Query<OrderTrackingResponse> {
  constructor(
    readonly orderId: unknown,
    readonly phone: unknown,
  ) {
    super();
  }
}
