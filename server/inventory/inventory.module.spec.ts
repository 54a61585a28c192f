import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { CqrsModule } from '@nestjs/cqrs';
import { CommandPath } from '../event-store/command-path/command-path';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { EventStore } from '../event-store/event-store';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { InventoryModule } from './inventory.module';

// Stands in for the global EventStoreModule and TypeORM, which need a database; only the registries are used.
@Global()
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [ProjectionRegistry, StreamFolds, { provide: CommandPath, useValue: {} }, { provide: EventStore, useValue: {} }, { provide: DataSource, useValue: {} }],
  exports: [ProjectionRegistry, StreamFolds, CommandPath, EventStore, DataSource],
})
class RegistryOnlyModule {}

@Module({ imports: [RegistryOnlyModule, InventoryModule] })
class TestAppModule {}

describe('InventoryModule', () => {
  it('registers the sku-stock projection, owning the sku_stock table, when the application starts', async () => {
    const app = await NestFactory.createApplicationContext(TestAppModule, { logger: false, abortOnError: false });
    try {
      const projection = app.get(ProjectionRegistry).get('sku-stock');
      expect(projection.tables).toEqual(['sku_stock']);
      expect(projection.eventTypes).toEqual(['StockReceived', 'StockAdjusted', 'StockReserved', 'StockReleased']);
    } finally {
      await app.close();
    }
  });
});
