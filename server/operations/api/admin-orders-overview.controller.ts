import { Controller, Get, Query as QueryString } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Roles } from '../../common/auth/roles.decorator';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { GetDashboardQuery } from '../dashboard/get-dashboard.query';
import { ListOrdersQuery } from '../orders/list-orders.query';
import { dashboardRequest, listOrdersRequest } from './admin-operations.requests';

/** Customer care's order list and the staff dashboard. */
@Controller('admin')
@Roles('care', 'admin')
export class AdminOrdersOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get('orders')
  list(@QueryString() query: unknown) {
    const { page, ...filter } = parseOrThrow(listOrdersRequest, query);
    return this.queries.execute(new ListOrdersQuery(filter, page));
  }

  @Get('dashboard')
  dashboard(@QueryString() query: unknown) {
    return this.queries.execute(new GetDashboardQuery(parseOrThrow(dashboardRequest, query).days));
  }
}
