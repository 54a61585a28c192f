import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { systemMetadata } from '../../common/request/request-metadata';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PaymentReconciliation } from './payment-reconciliation';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The worker's daily payments reconciliation (in every process that runs background work, like the payouts
 * fetch): once an hour it reconciles the shop day that ended, unless that day is recorded already. A day is one
 * stream with one event, so two workers (or a restart) reconcile it once.
 */
@Injectable()
export class ReconciliationTimers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReconciliationTimers');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly reconciliation: PaymentReconciliation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runMailWorker) return;
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.reconciliation.run(systemMetadata('daily payments reconciliation')))
        .catch((error) => this.logger.warn(`payments reconciliation: ${error instanceof Error ? error.message : String(error)}`));
    }, HOUR_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }
}
