import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { SkuStockProjection } from './projections/sku-stock.projection';

/** Stock per SKU. The write side (command handlers) arrives with ordering; for now it owns the read model. */
@Module({})
export class InventoryModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(new SkuStockProjection());
  }
}
