import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { AdjustStockHandler, ReceiveStockHandler } from './change-stock/change-stock.handlers';
import { SkuCommandPath } from './change-stock/sku-command-path';
import { SkuStockProjection } from './projections/sku-stock.projection';

/**
 * Stock per SKU: staff receipts and adjustments (reservations and releases are recorded by ordering, in the
 * same transaction as the order) and the sku_stock read model.
 */
@Module({ providers: [SkuCommandPath, ReceiveStockHandler, AdjustStockHandler] })
export class InventoryModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(new SkuStockProjection());
  }
}
