import { Module } from '@nestjs/common';
import { AdminCouponsController } from './api/admin-coupons.controller';
import { AdminEventsController } from './api/admin-events.controller';
import { AdminOrdersOverviewController } from './api/admin-orders-overview.controller';
import { AdminProjectionsController } from './api/admin-projections.controller';
import { AdminStockController } from './api/admin-stock.controller';
import { BrowseEventsHandler } from './events/browse-events.query';
import { ListEventTypesHandler } from './events/event-types.query';
import { ReadStreamHandler } from './events/read-stream.query';
import { ListCouponRedemptionsHandler, ListCouponsHandler } from './coupons/list-coupons.query';
import { GetDashboardHandler } from './dashboard/get-dashboard.query';
import { ListOrdersHandler } from './orders/list-orders.query';
import { ProjectionRebuilds } from './projections/projection-rebuilds';
import { ListStockHandler } from './stock/list-stock.query';

/** The staff console's API beyond order steps: order list, dashboard, event browser, projections, stock, coupons (brands moved to the catalog). */
@Module({
  controllers: [AdminOrdersOverviewController, AdminEventsController, AdminProjectionsController, AdminStockController, AdminCouponsController],
  providers: [ListOrdersHandler, GetDashboardHandler, BrowseEventsHandler, ListEventTypesHandler, ReadStreamHandler, ListStockHandler, ListCouponsHandler, ListCouponRedemptionsHandler, ProjectionRebuilds],
})
export class OperationsModule {}
