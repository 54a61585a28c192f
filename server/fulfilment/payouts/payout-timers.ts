import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { systemMetadata } from '../../common/request/request-metadata';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Payouts } from './payouts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The worker's daily payouts job (in every process that runs background work, like the tracking poll): the
 * couriers that list their payouts (Steadfast) are asked for the new ones. Recording goes through the payout's
 * command path, so two processes fetching the same payout record it once.
 */
@Injectable()
export class PayoutTimers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PayoutTimers');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly payouts: Payouts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runMailWorker) return;
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.payouts.fetch(systemMetadata('daily payouts fetch')))
        .catch((error) => this.logger.warn(`payouts fetch: ${error instanceof Error ? error.message : String(error)}`));
    }, DAY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }
}
