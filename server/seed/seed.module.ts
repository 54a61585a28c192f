import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { passwordHasherFor } from '../accounts/password-hasher';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../event-store/projection-runner';
import { seedDemoStore } from './seed-demo-store';

/** Seeds the demo store on start when SEED_DEMO is on; a completed seed is never redone. The store opens once the read models show it. */
@Injectable()
export class DemoSeedOnStartup implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: ProjectionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const result = await seedDemoStore({
      dataSource: this.dataSource,
      eventStore: this.eventStore,
      uploadsDir: this.config.uploadsDir,
      log: (message) => this.logger.log(message),
      passwordHasher: passwordHasherFor(this.config),
    });
    // The catalog is recorded as events: open the shop only once its tables show them (another process
    // runs the projections when this one does not).
    if (!result.seeded || !this.config.runProjections) return;
    await this.runner.start();
    await this.runner.waitUntilCaughtUp(120_000);
  }
}

@Module({ providers: [DemoSeedOnStartup] })
export class SeedModule {}
