import { Module } from '@nestjs/common';
import { AdminEventsController } from './api/admin-events.controller';
import { AdminFirstRunController } from './api/admin-first-run.controller';
import { AdminOrdersOverviewController } from './api/admin-orders-overview.controller';
import { AdminProjectionsController, AdminQueuesController } from './api/admin-projections.controller';
import { BrowseEventsHandler } from './events/browse-events.query';
import { ListEventTypesHandler } from './events/event-types.query';
import { ReadStreamHandler } from './events/read-stream.query';
import { GetDashboardHandler } from './dashboard/get-dashboard.query';
import { GetFirstRunStatusHandler } from './first-run/first-run-status';
import { ListOrdersHandler } from './orders/list-orders.query';
import { ProjectionRebuilds } from './projections/projection-rebuilds';

/**
 * The staff console's cross-context reads: order list, dashboard, first-run checklist, event browser and projections (brands moved
 * to the catalog context). Stock admin lives in inventory, coupon admin in promotions.
 */
@Module({
  controllers: [AdminOrdersOverviewController, AdminEventsController, AdminProjectionsController, AdminQueuesController, AdminFirstRunController],
  providers: [ListOrdersHandler, GetDashboardHandler, GetFirstRunStatusHandler, BrowseEventsHandler, ListEventTypesHandler, ReadStreamHandler, ProjectionRebuilds],
})
export class OperationsModule {}
