import { Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { OrderingModule } from '../ordering/published';
import { OutsideServices } from '../outside/outside-services';
import { AdminShipmentsController } from './api/admin-shipments.controller';
import { CourierWebhooksController } from './api/courier-webhooks.controller';
import { ShipmentBooking } from './booking/shipment-booking';
import { COURIERS, type Courier } from './couriers/courier-port';
import { chooseCouriers } from './couriers/courier-registry';
import { Couriers } from './couriers/couriers';
import { ParcelsProjection } from './projections/parcels.projection';
import { ParcelSteps } from './steps/parcel-steps';
import { ParcelTimers } from './steps/parcel-timers';

/**
 * Fulfilment (issue 29, ADR 058): couriers behind one port (courier-registry.ts chooses them), booking an
 * order's parcel once, the parcel's steps from webhooks, polling, the demo courier and care, and the returned
 * parcel. Its facts are events on the order, recorded through ordering's ShipmentDesk.
 */
@Module({
  imports: [OrderingModule],
  controllers: [AdminShipmentsController, CourierWebhooksController],
  providers: [
    {
      provide: COURIERS,
      inject: [APP_CONFIG, OutsideServices, DataSource],
      useFactory: (config: AppConfig, outside: OutsideServices, dataSource: DataSource): Courier[] => chooseCouriers({ config, outside, dataSource }),
    },
    Couriers,
    ShipmentBooking,
    ParcelSteps,
    ParcelTimers,
  ],
  exports: [Couriers, ShipmentBooking, ParcelSteps, ParcelTimers],
})
export class FulfilmentModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(new ParcelsProjection());
  }
}
