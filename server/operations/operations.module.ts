import { Module } from '@nestjs/common';
import { AdminEventsController } from './api/admin-events.controller';
import { AdminProjectionsController } from './api/admin-projections.controller';
import { AdminStockController } from './api/admin-stock.controller';
import { BrandsController } from './brands/brands.controller';
import { BrowseEventsHandler } from './events/browse-events.query';
import { ListEventTypesHandler } from './events/event-types.query';
import { ReadStreamHandler } from './events/read-stream.query';
import { ProjectionRebuilds } from './projections/projection-rebuilds';
import { ListStockHandler } from './stock/list-stock.query';

/** The staff console's API beyond orders: event browser, projections and rebuilds, stock, brands. */
@Module({
  controllers: [AdminEventsController, AdminProjectionsController, AdminStockController, BrandsController],
  providers: [BrowseEventsHandler, ListEventTypesHandler, ReadStreamHandler, ListStockHandler, ProjectionRebuilds],
})
export class OperationsModule {}
