import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EventStore } from '../event-store/event-store';
import { seedDemoStore } from './seed-demo-store';

/** Seeds the demo store on start when SEED_DEMO is on; a completed seed is never redone. */
@Injectable()
export class DemoSeedOnStartup implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await seedDemoStore({
      dataSource: this.dataSource,
      eventStore: this.eventStore,
      uploadsDir: this.config.uploadsDir,
      log: (message) => this.logger.log(message),
    });
  }
}

@Module({ providers: [DemoSeedOnStartup] })
export class SeedModule {}
