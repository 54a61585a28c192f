import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toTracking, type OrderTrackingResponse } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetOrderInformationQuery } from './get-order-information.query';

/** A wrong id and a wrong phone get the very same answer, so the call never confirms that an id exists. */
@QueryHandler(GetOrderInformationQuery)
export class GetOrderInformationHandler implements IQueryHandler<GetOrderInformationQuery, OrderTrackingResponse> {
  constructor(private readonly orders: OrderReadModel) {}

  async execute({ orderId, phone }: GetOrderInformationQuery): Promise<OrderTrackingResponse> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order || !samePhone(order.phone, phone)) throw new OrderNotFound();
    return toTracking(order);
  }
}

export function samePhone(stored: string, given: unknown): boolean {
  return typeof given === 'string' && given.replace(/\D/g, '') === stored;
}
