import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toHistoryLines, toOrderRow, toTimeline } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { CheckoutLimitsService } from '../place-order/checkout-limits.service';
import { PhoneRiskReadModel } from '../phone-risk/phone-risk.read-model';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetCareOrderQuery, type CareOrderView } from './get-care-order.query';

@QueryHandler(GetCareOrderQuery)
export class GetCareOrderHandler implements IQueryHandler<GetCareOrderQuery, CareOrderView> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly limits: CheckoutLimitsService,
    private readonly phoneRisk: PhoneRiskReadModel,
  ) {}

  async execute({ orderId }: GetCareOrderQuery): Promise<CareOrderView> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const [lines, timeline, limits, phoneRisk] = await Promise.all([
      this.orders.lines(order.order_id),
      this.orders.timeline(order.order_id),
      this.limits.current(),
      this.phoneRisk.of([order.phone, order.shipping_phone]),
    ]);
    const expiresAt =
      order.status === 'pending' && order.order_type === 1 ? new Date(new Date(order.placed_at).getTime() + limits.pendingExpiryHours * 3_600_000).toISOString() : null;
    return { orderrow: toOrderRow(order, true), history: toHistoryLines(lines), timeline: toTimeline(timeline), expires_at: expiresAt, phone_risk: phoneRisk };
  }
}
