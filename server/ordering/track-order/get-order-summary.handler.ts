import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { STAFF_ROLES } from '../../common/request/authenticated-user';
import { toHistoryLines, toOrderRow } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { CurrentTimeline } from '../read-model/current-timeline';
import { OrderReadModel } from '../read-model/order-read-model';
import { shipmentFromTimeline } from '../shipments/shipment-view';
import { samePhone } from './get-order-information.handler';
import { GetOrderSummaryQuery, type OrderSummary } from './get-order-summary.query';

@QueryHandler(GetOrderSummaryQuery)
export class GetOrderSummaryHandler implements IQueryHandler<GetOrderSummaryQuery, OrderSummary> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly timelines: CurrentTimeline,
  ) {}

  async execute({ orderId, phone, user }: GetOrderSummaryQuery): Promise<OrderSummary> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const personal =
      samePhone(order.phone, phone) || (user !== undefined && (order.user_id === user.id || STAFF_ROLES.includes(user.role)));
    const [lines, timeline] = await Promise.all([this.orders.lines(order.order_id), this.timelines.of(order)]);
    const { shipment } = shipmentFromTimeline(timeline);
    return { orderrow: toOrderRow(order, personal), history: toHistoryLines(lines), currencySymbol: order.currency_symbol, shipment, personal };
  }
}
