import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ApplicationLogProjection, stockChanged, testMetadata, type EventStoreFixture, useEventStoreFixture } from '../../test/support/event-store-fixtures';
import { EventStore } from './event-store';
import { EventStoreModule } from './event-store.module';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';

async function bootApplication(fixture: EventStoreFixture, projection: ApplicationLogProjection, runProjections?: boolean) {
  @Global()
  @Module({ providers: [{ provide: DataSource, useValue: fixture.dataSource }], exports: [DataSource] })
  class DatabaseModule {}

  @Injectable()
  class RegistersProjection implements OnModuleInit {
    constructor(private readonly registry: ProjectionRegistry) {}
    onModuleInit(): void {
      this.registry.register(projection);
    }
  }

  @Module({ providers: [RegistersProjection] })
  class ContextModule {}

  @Module({
    imports: [DatabaseModule, runProjections === undefined ? EventStoreModule : EventStoreModule.forRoot({ runProjections }), ContextModule],
  })
  class ApplicationModule {}

  return NestFactory.createApplicationContext(ApplicationModule, { logger: false, abortOnError: false });
}

describe('EventStoreModule', () => {
  let fixture: EventStoreFixture;
  useEventStoreFixture('event_store_module', 'each', (opened) => (fixture = opened));

  it('runs the projections registered by context modules from bootstrap until shutdown', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'module-log');
    const app = await bootApplication(fixture, projection);

    await app.get(EventStore).append('sku-1', 'no-stream', [stockChanged('1', 1)], testMetadata());
    await app.get(ProjectionRunner).waitUntilCaughtUp(5_000);
    await app.close();

    expect(await projection.rows(fixture.dataSource)).toHaveLength(1);
    expect(app.get(ProjectionRunner).running).toBe(false);
  });

  it('does not run projections when told not to, as for an API-only process', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'module-off');
    const app = await bootApplication(fixture, projection, false);

    await app.get(EventStore).append('sku-1', 'no-stream', [stockChanged('1', 1)], testMetadata());
    const runner = app.get(ProjectionRunner);
    const running = runner.running;
    await expect(runner.waitUntilCaughtUp(300)).rejects.toThrow(/not caught up after 300 ms: module-off/);
    await app.close();

    expect(running).toBe(false);
  });
});
