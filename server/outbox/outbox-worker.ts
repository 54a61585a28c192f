import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Projection } from '../event-store/projection';
import type { OutboxDelivery } from './delivery/outbox-delivery';
import type { OutboxChannels } from './outbox-channels';
import { BullMqOutboxQueue } from './queue/bullmq-outbox-queue';
import { InProcessOutboxQueue } from './queue/in-process-outbox-queue';
import type { OutboxQueue } from './queue/outbox-queue';
import { OutboxSubscriptionRunner } from './subscription/outbox-subscription.runner';

/** The queue of a channel: BullMQ when REDIS_URL is set, else its deliveries table polled in this process. */
export function outboxQueue(redisUrl: string | undefined, delivery: OutboxDelivery, dataSource: DataSource, logger: Logger): OutboxQueue {
  return redisUrl ? new BullMqOutboxQueue(redisUrl, delivery, dataSource, logger) : new InProcessOutboxQueue(dataSource, delivery, logger);
}

/**
 * Runs one channel in this process: the subscription that turns events into jobs, and the worker that sends
 * them. Started once the app is up (every module ready) and stopped before the DataSource closes.
 */
export class OutboxWorker {
  private runner: OutboxSubscriptionRunner | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: OutboxQueue,
    private readonly logger: Logger,
    private readonly channels: OutboxChannels,
  ) {}

  async start(subscription: Projection): Promise<void> {
    // A subscription that reaches customers and is not registered would be replayed from the start of a
    // restored log (ADR 052): refused here, so registering is the one step a new channel cannot skip.
    if (!this.channels.isRegistered(subscription.name)) {
      throw new Error(`${subscription.name} is not registered with OutboxChannels: register its channel in its module before starting it`);
    }
    this.runner = new OutboxSubscriptionRunner(this.dataSource, subscription, this.logger);
    await this.runner.start();
    this.queue.startWorker();
  }

  /** Stops the subscription; the queue (which API-only processes also hold, to add nothing) is stopped by its owner. */
  async stop(): Promise<void> {
    await this.runner?.stop();
  }
}
