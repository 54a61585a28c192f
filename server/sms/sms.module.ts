import { BeforeApplicationShutdown, Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OutboxDelivery } from '../outbox/delivery/outbox-delivery';
import { OutboxEnvelopes } from '../outbox/envelopes';
import { OutboxWorker, outboxQueue } from '../outbox/outbox-worker';
import type { OutboxQueue } from '../outbox/queue/outbox-queue';
import { OutboxModule } from '../outbox/outbox.module';
import { OutboxChannels } from '../outbox/outbox-channels';
import { OutsideServices } from '../outside/outside-services';
import { SmsComposer } from './compose/sms-composer';
import { FileSmsGateway, HttpSmsGateway, OutgoingSms, SMS_GATEWAY, SmsGateway } from './gateway/sms-gateway';
import { maskPhone } from './mask-phone';
import { SMS_CHANNEL, SMS_EVENT_TYPES } from './sms-events';
import { SMS_SUBSCRIPTION_NAME, SmsSubscriptionProjection } from './subscription/sms-subscription';

const SMS_QUEUE_TOKEN = Symbol('SMS_QUEUE');
/** Where the demo gateway writes without SMS_URL: `DATA_DIR/sms/*.json`. */
const SMS_FILES = { folder: 'sms', extension: '.json' };

/** The SMS channel's at-most-once delivery (server/outbox): composed by SmsComposer, sent by the gateway. */
@Injectable()
export class SmsDelivery extends OutboxDelivery<OutgoingSms> {
  constructor(dataSource: DataSource, composer: SmsComposer, envelopes: OutboxEnvelopes, @Inject(SMS_GATEWAY) gateway: SmsGateway) {
    super(
      SMS_CHANNEL,
      dataSource,
      {
        compose: async (event, reads) => {
          const composition = await composer.compose(event, reads);
          // The outbox row names the recipient masked: the number itself is in the log's event, not needed twice.
          return 'skip' in composition ? composition : { message: composition.sms, recipient: maskPhone(composition.sms.to) };
        },
        send: (sms, eventId) => gateway.send(sms, eventId),
        finished: (manager, event) => envelopes.discard(manager, event),
      },
      new Logger('Sms'),
    );
  }
}

/** Runs the SMS subscription and worker beside mail's (`MAIL_WORKER` decides for both: one switch for "messages"). */
@Injectable()
export class SmsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Sms');
  private worker: OutboxWorker | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SMS_QUEUE_TOKEN) private readonly queue: OutboxQueue,
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly channels: OutboxChannels,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runMailWorker) return;
    this.worker = new OutboxWorker(this.dataSource, this.queue, this.logger, this.channels);
    await this.worker.start(new SmsSubscriptionProjection(this.queue));
    this.logger.log(`SMS worker running (${this.queue.mode} queue): ${this.gateway.label}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.stop();
    await this.queue.stop();
  }
}

/**
 * SMS: order updates and phone codes by text message, on the shared outbox machinery (server/outbox): the
 * subscription from the event log to the `sms` queue, the worker, the gateway adapter and the texts.
 */
@Module({
  imports: [OutboxModule],
  providers: [
    SmsComposer,
    SmsDelivery,
    {
      provide: SMS_GATEWAY,
      inject: [APP_CONFIG, OutsideServices],
      useFactory: (config: AppConfig, outside: OutsideServices): SmsGateway =>
        outside.register(
          config.sms.url
            ? new HttpSmsGateway(outside, { url: config.sms.url, apiKey: config.sms.apiKey, senderId: config.sms.senderId })
            : new FileSmsGateway(join(config.dataDir, SMS_FILES.folder), config.outboxFiles),
        ),
    },
    {
      provide: SMS_QUEUE_TOKEN,
      inject: [APP_CONFIG, SmsDelivery, DataSource],
      useFactory: (config: AppConfig, delivery: SmsDelivery, dataSource: DataSource): OutboxQueue =>
        outboxQueue(config.redisUrl, delivery, dataSource, new Logger('Sms')),
    },
    SmsLifecycle,
  ],
})
export class SmsModule {
  /** Registered in every process, worker or not: the restore and the erasure cover the channels registered. */
  constructor(channels: OutboxChannels) {
    channels.register({ channel: SMS_CHANNEL, subscription: SMS_SUBSCRIPTION_NAME, eventTypes: SMS_EVENT_TYPES, files: SMS_FILES });
  }
}
