import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toCustomerOrderRow, type CustomerOrderRowResponse } from '../api/dto/order.responses';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetCustomerOrdersQuery } from './get-customer-orders.query';

@QueryHandler(GetCustomerOrdersQuery)
export class GetCustomerOrdersHandler implements IQueryHandler<GetCustomerOrdersQuery, CustomerOrderRowResponse[]> {
  constructor(private readonly orders: OrderReadModel) {}

  async execute({ userId }: GetCustomerOrdersQuery): Promise<CustomerOrderRowResponse[]> {
    return (await this.orders.ofUser(userId)).map(toCustomerOrderRow);
  }
}
