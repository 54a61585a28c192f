import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection } from '../../event-store/projection';
import { insertDeliveries, OutboxChannel, OutboxJobData } from '../outbox-channel';
import type { OutboxQueue } from '../queue/outbox-queue';

/**
 * A channel's subscription (mail, SMS) read like a projection (safe global order, checkpoint moved in the
 * same transaction): the message-worthy events of each batch become the channel's delivery rows and queue
 * jobs keyed by the event id. It is driven by OutboxSubscriptionRunner, not registered with the
 * ProjectionRegistry: a rebuild must never replay messages. A failed enqueue (Redis away) rolls the batch
 * back, so the checkpoint stays and the batch is retried. Channels differ only in which jobs a batch yields.
 */
export abstract class OutboxSubscriptionProjection implements Projection {
  abstract readonly name: string;
  abstract readonly eventTypes: string[];
  readonly tables: string[] = [];
  protected abstract readonly channel: OutboxChannel;

  constructor(private readonly queue: OutboxQueue) {}

  async apply(events: RecordedEvent[], { manager }: { manager: EntityManager }): Promise<void> {
    const jobs = await this.jobsFor(events, manager);
    if (jobs.length === 0) return;
    await insertDeliveries(manager, this.channel, jobs);
    await this.queue.enqueue(jobs);
  }

  /** The batch's jobs: one per message-worthy event, or per part of one. */
  protected abstract jobsFor(events: RecordedEvent[], manager: EntityManager): Promise<OutboxJobData[]>;
}
