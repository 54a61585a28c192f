import { BeforeApplicationShutdown, Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OutboxEnvelopes } from '../outbox/envelopes';
import { OutboxChannels } from '../outbox/outbox-channels';
import { OutboxModule } from '../outbox/outbox.module';
import { OutboxWorker, outboxQueue } from '../outbox/outbox-worker';
import type { OutboxQueue } from '../outbox/queue/outbox-queue';
import { MailComposer } from './compose/mail-composer';
import { MailDelivery } from './delivery/mail-delivery';
import { MAIL_CHANNEL, MAIL_EVENT_TYPES } from './mail-events';
import { MAIL_SUBSCRIPTION_NAME, MailSubscriptionProjection } from './subscription/mail-subscription';
import { FileMailTransport, MAIL_TRANSPORT, MailTransport, SmtpMailTransport } from './transport/mail-transport';

const ENVELOPE_SWEEP_MS = 10 * 60 * 1000;
const MAIL_QUEUE_TOKEN = Symbol('MAIL_QUEUE');
/** Where the demo transport writes without SMTP_URL: `DATA_DIR/mail/*.eml`. */
const MAIL_FILES = { folder: 'mail', extension: '.eml' };

/**
 * Starts the mail subscription and the mail worker once the app is up (so every module is ready), and stops
 * them before shutdown hooks close the DataSource. `MAIL_WORKER=off` leaves both to other processes
 * (`npm run worker`); by default the server process runs them. The envelopes of every channel (mail and
 * SMS share them) are swept here.
 */
@Injectable()
export class MailLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private worker: OutboxWorker | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly envelopes: OutboxEnvelopes,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: OutboxQueue,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: OutboxChannels,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runMailWorker) return;
    this.worker = new OutboxWorker(this.dataSource, this.queue, this.logger, this.channels);
    await this.worker.start(new MailSubscriptionProjection(this.queue));
    this.sweeper = setInterval(() => void this.envelopes.discardExpired(this.dataSource.manager).catch(() => 0), ENVELOPE_SWEEP_MS);
    this.sweeper.unref();
    const where = this.transport.kind === 'smtp' ? 'over SMTP_URL' : `as .eml files in ${join(this.config.dataDir, MAIL_FILES.folder)}`;
    this.logger.log(`Mail worker running (${this.queue.mode} queue), sending ${where}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.worker?.stop();
    await this.queue.stop();
    this.transport.close();
  }
}

/** Mail: the subscription from the event log to the `mail` queue, the worker, transports and templates, on the shared outbox machinery (server/outbox). */
@Module({
  imports: [OutboxModule],
  providers: [
    MailComposer,
    MailDelivery,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport =>
        config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : new FileMailTransport(join(config.dataDir, MAIL_FILES.folder), config.outboxFiles),
    },
    {
      provide: MAIL_QUEUE_TOKEN,
      inject: [APP_CONFIG, MailDelivery, DataSource],
      useFactory: (config: AppConfig, delivery: MailDelivery, dataSource: DataSource): OutboxQueue =>
        outboxQueue(config.redisUrl, delivery, dataSource, new Logger('Mail')),
    },
    MailLifecycle,
  ],
})
export class MailModule {
  /** Registered in every process, worker or not: the restore and the erasure cover the channels registered. */
  constructor(channels: OutboxChannels) {
    channels.register({ channel: MAIL_CHANNEL, subscription: MAIL_SUBSCRIPTION_NAME, eventTypes: MAIL_EVENT_TYPES, files: MAIL_FILES });
  }
}
