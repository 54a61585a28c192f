import { Module, type OnModuleInit } from '@nestjs/common';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { AdminStockController } from './api/admin-stock.controller';
import { AdjustStockHandler, ReceiveStockHandler, StockChanges } from './change-stock/change-stock.handlers';
import { skuLedger } from './domain/sku-ledger';
import { registerSkuPersonalFields } from './domain/sku-personal-fields';
import { ListStockHandler } from './list-stock/list-stock.query';
import { SkuStockProjection } from './projections/sku-stock.projection';

/**
 * Stock per SKU: staff receipts and adjustments (reservations and releases are recorded by ordering, in the
 * same transaction as the order), the sku_stock read model and the staff stock API (`admin/stock`).
 */
@Module({
  controllers: [AdminStockController],
  providers: [StockChanges, ReceiveStockHandler, AdjustStockHandler, ListStockHandler],
})
export class InventoryModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    this.folds.register('sku-', skuLedger);
    registerSkuPersonalFields();
    this.projections.register(new SkuStockProjection());
  }
}
