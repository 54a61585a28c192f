import { Query } from '@nestjs/cqrs';
import type { ShipmentResponse } from '../../../contracts/shipments';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import type { OrderHistoryLineResponse, OrderRowResponse } from '../api/dto/order.responses';

export interface OrderSummary {
  orderrow: OrderRowResponse;
  history: OrderHistoryLineResponse[];
  currencySymbol: string;
  /** The parcel once booked (issue 29): courier, tracking code and page, steps. */
  shipment: ShipmentResponse | null;
  /** Whether the personal fields are shown: the phone is the order's, or the caller owns the order or is staff. */
  personal: boolean;
}

/**
 * The confirmation page's order row and lines (`getOrders?orderId`). Personal data only when `phone` is the
 * order's or the caller owns the order (or is staff).
 */
export class GetOrderSummaryQuery extends Query<OrderSummary> {
  constructor(
    readonly orderId: unknown,
    readonly phone: unknown,
    readonly user: AuthenticatedUser | undefined,
  ) {
    super();
  }
}
