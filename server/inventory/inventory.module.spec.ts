import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { InventoryModule } from './inventory.module';

// Stands in for EventStoreModule, which is global in the application and needs a database.
@Global()
@Module({ providers: [ProjectionRegistry], exports: [ProjectionRegistry] })
class RegistryOnlyModule {}

@Module({ imports: [RegistryOnlyModule, InventoryModule] })
class TestAppModule {}

describe('InventoryModule', () => {
  it('registers the sku-stock projection, owning the sku_stock table, when the application starts', async () => {
    const app = await NestFactory.createApplicationContext(TestAppModule, { logger: false });
    try {
      const projection = app.get(ProjectionRegistry).get('sku-stock');
      expect(projection.tables).toEqual(['sku_stock']);
      expect(projection.eventTypes).toEqual(['StockReceived', 'StockAdjusted', 'StockReserved', 'StockReleased']);
    } finally {
      await app.close();
    }
  });
});
