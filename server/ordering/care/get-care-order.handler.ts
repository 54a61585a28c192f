import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toHistoryLines, toOrderRow, toTimeline } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetCareOrderQuery, type CareOrderView } from './get-care-order.query';

@QueryHandler(GetCareOrderQuery)
export class GetCareOrderHandler implements IQueryHandler<GetCareOrderQuery, CareOrderView> {
  constructor(private readonly orders: OrderReadModel) {}

  async execute({ orderId }: GetCareOrderQuery): Promise<CareOrderView> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) throw new OrderNotFound();
    const [lines, timeline] = await Promise.all([this.orders.lines(order.order_id), this.orders.timeline(order.order_id)]);
    return { orderrow: toOrderRow(order, true), history: toHistoryLines(lines), timeline: toTimeline(timeline) };
  }
}
