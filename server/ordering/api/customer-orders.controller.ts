import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { GetCustomerOrderDetailsQuery } from '../customer-orders/get-customer-order-details.query';
import { GetCustomerOrdersQuery } from '../customer-orders/get-customer-orders.query';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';

/**
 * The signed-in customer's own orders (dashboard and Order Details). The ordering context answers the
 * queries from its read model and treats another customer's order as not found; the owner is always the
 * user of the bearer token, never a parameter.
 */
@Controller('orders')
@UseGuards(JwtAuthGuard)
export class CustomerOrdersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('getOrders')
  async getOrders(@CurrentUser() user: AuthenticatedUser) {
    return { success: true, data: await this.queries.execute(new GetCustomerOrdersQuery(user.id)) };
  }

  @Get('getOrdersHistory')
  async getOrdersHistory(@CurrentUser() user: AuthenticatedUser, @Query('order_id') orderId: unknown) {
    return { success: true, data: { data: await this.queries.execute(new GetCustomerOrderDetailsQuery(user.id, orderId)) } };
  }
}
