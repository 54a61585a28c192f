import { Module, type OnModuleInit } from '@nestjs/common';
import { CLOCK, systemClock } from '../common/clock';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { OrderingModule } from '../ordering/published';
import { AdminReturnsController } from './api/admin-returns.controller';
import { ReturnsController } from './api/returns.controller';
import { returnSettingsDecider } from './domain/return-settings';
import { returnsDecider } from './domain/returns';
import { storeCreditDecider } from './domain/store-credit';
import { ReturnStatsProjection } from './projections/return-stats.projection';
import { ReturnTimelineProjection } from './projections/return-timeline.projection';
import { ReturnsProjection } from './projections/returns.projection';
import { ReturnPhotos } from './photos/return-photos';
import { ReturnsReadModel } from './returns.read-model';
import { ReturnsService } from './returns.service';

/**
 * Size exchanges and returns (issue 35, ADR 062): `returns-<orderId>` streams (every request on the order's
 * units), `return-settings`, and store credit per phone on `credit-<pseudonym>`; the `returns` and
 * `return-stats` projections. Reads the order and places an exchange's linked order through ordering's
 * ReturnDesk, books pick-ups through fulfilment's couriers, refunds bKash through payments.
 */
@Module({
  imports: [OrderingModule, FulfilmentModule],
  controllers: [ReturnsController, AdminReturnsController],
  providers: [ReturnsService, ReturnsReadModel, ReturnPhotos, { provide: CLOCK, useValue: systemClock }],
})
export class ReturnsModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    this.folds.register('returns-', returnsDecider);
    this.folds.register('return-settings', returnSettingsDecider);
    this.folds.register('credit-', storeCreditDecider);
    this.projections.register(new ReturnsProjection());
    this.projections.register(new ReturnStatsProjection());
    this.projections.register(new ReturnTimelineProjection());
  }
}
