import { MailErasure } from './erasure/mail-erasure';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailComposer } from './compose/mail-composer';
import { MailDelivery } from './delivery/mail-delivery';
import { MailEnvelopes } from './envelopes/mail-envelopes';
import { BullMqMailQueue } from './queue/bullmq-mail-queue';
import { InProcessMailQueue } from './queue/in-process-mail-queue';
import { MAIL_QUEUE_TOKEN, MailQueue } from './queue/mail-queue';
import { MailSubscriptionProjection } from './subscription/mail-subscription';
import { MailSubscriptionRunner } from './subscription/mail-subscription.runner';
import { FileMailTransport, MAIL_TRANSPORT, MailTransport, SmtpMailTransport } from './transport/mail-transport';

const ENVELOPE_SWEEP_MS = 10 * 60 * 1000;

/**
 * Starts the mail subscription and the mail worker once the app is up (so every module is ready), and stops
 * them before shutdown hooks close the DataSource. `MAIL_WORKER=off` leaves both to other processes
 * (`npm run worker`); by default the server process runs them.
 */
@Injectable()
export class MailLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private runner: MailSubscriptionRunner | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly envelopes: MailEnvelopes,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: MailQueue,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runMailWorker) return;
    this.runner = new MailSubscriptionRunner(this.dataSource, new MailSubscriptionProjection(this.queue), this.logger);
    await this.runner.start();
    this.queue.startWorker();
    this.sweeper = setInterval(() => void this.envelopes.discardExpired(this.dataSource.manager).catch(() => 0), ENVELOPE_SWEEP_MS);
    this.sweeper.unref();
    const where = this.transport.kind === 'smtp' ? 'over SMTP_URL' : `as .eml files in ${join(this.config.dataDir, 'mail')}`;
    this.logger.log(`Mail worker running (${this.queue.mode} queue), sending ${where}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.runner?.stop();
    await this.queue.stop();
    this.transport.close();
  }
}

/**
 * Mail: the subscription from the event log to the `mail` queue, the worker, transports and templates.
 * Exports `MailEnvelopes`, through which accounts hand a link's raw token to its mail.
 */
@Module({
  providers: [
    MailEnvelopes,
    MailErasure,
    MailComposer,
    MailDelivery,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport =>
        config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : new FileMailTransport(join(config.dataDir, 'mail')),
    },
    {
      provide: MAIL_QUEUE_TOKEN,
      inject: [APP_CONFIG, MailDelivery, DataSource],
      useFactory: (config: AppConfig, delivery: MailDelivery, dataSource: DataSource): MailQueue => {
        const logger = new Logger('Mail');
        return config.redisUrl
          ? new BullMqMailQueue(config.redisUrl, delivery, dataSource, logger)
          : new InProcessMailQueue(dataSource, delivery, logger);
      },
    },
    MailLifecycle,
  ],
  exports: [MailEnvelopes, MailErasure],
})
export class MailModule {}
