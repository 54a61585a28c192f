import { Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { OrderingModule } from '../ordering/published';
import { OutsideServices } from '../outside/outside-services';
import { AdminPayoutsController } from './api/admin-payouts.controller';
import { AdminShipmentsController } from './api/admin-shipments.controller';
import { CourierWebhooksController } from './api/courier-webhooks.controller';
import { ShipmentBooking } from './booking/shipment-booking';
import { COURIERS, type Courier } from './couriers/courier-port';
import { chooseCouriers } from './couriers/courier-registry';
import { CourierAreas } from './couriers/courier-areas';
import { Couriers } from './couriers/couriers';
import { ParcelsProjection } from './projections/parcels.projection';
import { PayoutsProjection } from './projections/payouts.projection';
import { payoutDecider } from './payouts/payout.decider';
import { PayoutTimers } from './payouts/payout-timers';
import { Payouts } from './payouts/payouts';
import { PayoutsReadModel } from './payouts/payouts.read-model';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ParcelSteps } from './steps/parcel-steps';
import { ParcelTimers } from './steps/parcel-timers';

/**
 * Fulfilment (issue 29, ADR 058): couriers behind one port (courier-registry.ts chooses them), booking an
 * order's parcel once, the parcel's steps from webhooks, polling, the demo courier and care, and the returned
 * parcel. Its facts are events on the order, recorded through ordering's ShipmentDesk; courier payouts are events
 * on `payout-<courier>-<id>` streams of its own, reconciled by the `payouts` projection.
 */
@Module({
  imports: [OrderingModule],
  controllers: [AdminShipmentsController, AdminPayoutsController, CourierWebhooksController],
  providers: [
    {
      provide: COURIERS,
      inject: [APP_CONFIG, OutsideServices, DataSource],
      useFactory: (config: AppConfig, outside: OutsideServices, dataSource: DataSource): Courier[] => chooseCouriers({ config, outside, dataSource }),
    },
    Couriers,
    CourierAreas,
    ShipmentBooking,
    ParcelSteps,
    ParcelTimers,
    Payouts,
    PayoutsReadModel,
    PayoutTimers,
  ],
  exports: [Couriers, ShipmentBooking, ParcelSteps, ParcelTimers, Payouts],
})
export class FulfilmentModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    this.folds.register('payout-', payoutDecider);
    this.projections.register(new ParcelsProjection());
    this.projections.register(new PayoutsProjection());
  }
}
