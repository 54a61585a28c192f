import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toHistoryLines, toOrderRow } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetCustomerOrderDetailsQuery, type CustomerOrderDetails } from './get-customer-order-details.query';

@QueryHandler(GetCustomerOrderDetailsQuery)
export class GetCustomerOrderDetailsHandler implements IQueryHandler<GetCustomerOrderDetailsQuery, CustomerOrderDetails> {
  constructor(private readonly orders: OrderReadModel) {}

  async execute({ userId, orderId }: GetCustomerOrderDetailsQuery): Promise<CustomerOrderDetails> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order || order.user_id !== userId) throw new OrderNotFound();
    const lines = await this.orders.lines(order.order_id);
    return { orderrow: toOrderRow(order, true), orderhistory: toHistoryLines(lines), currencySymbol: order.currency_symbol };
  }
}
