import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore } from '../../event-store/event-store';
import { toHistoryLines, toOrderRow, toTimeline } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import { CheckoutLimitsService } from '../place-order/checkout-limits.service';
import { PhoneRiskReadModel } from '../phone-risk/phone-risk.read-model';
import { timelineRows } from '../projections/order-timeline.projection';
import { OrderReadModel, type OrderDetails, type OrderTimelineEntry } from '../read-model/order-read-model';
import { GetCareOrderQuery, type CareOrderView } from './get-care-order.query';

@QueryHandler(GetCareOrderQuery)
export class GetCareOrderHandler implements IQueryHandler<GetCareOrderQuery, CareOrderView> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly limits: CheckoutLimitsService,
    private readonly phoneRisk: PhoneRiskReadModel,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ orderId }: GetCareOrderQuery): Promise<CareOrderView> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const [lines, timeline, limits, phoneRisk] = await Promise.all([
      this.orders.lines(order.order_id),
      this.timelineOf(order),
      this.limits.current(),
      this.phoneRisk.of([order.phone, order.shipping_phone]),
    ]);
    const expiresAt =
      order.status === 'pending' && order.order_type === 1 ? new Date(new Date(order.placed_at).getTime() + limits.pendingExpiryHours * 3_600_000).toISOString() : null;
    return { orderrow: toOrderRow(order, true), history: toHistoryLines(lines), timeline: toTimeline(timeline), expires_at: expiresAt, phone_risk: phoneRisk };
  }

  /**
   * The timeline projection may trail the order's row, which every step writes in the transaction of its
   * append: care would see the new status without the step that made it (and its reason). Events past the
   * projected ones, up to the row's version, are read from the order's stream and mapped as the projection
   * maps them.
   */
  private async timelineOf(order: OrderDetails): Promise<OrderTimelineEntry[]> {
    const projected = await this.orders.timeline(order.order_id);
    const seen = projected.at(-1)?.stream_position ?? 0;
    if (seen >= order.version) return projected;
    const trailing = await this.eventStore.readStream(orderStreamId(order.order_id), { fromVersion: seen });
    const rows = timelineRows(trailing.filter((event) => event.streamPosition <= order.version));
    return [...projected, ...rows.map(({ order_id: _orderId, occurred_at, ...row }) => ({ ...row, occurred_at: new Date(occurred_at) }))];
  }
}
