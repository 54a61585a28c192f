import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection } from '../../event-store/projection';
import { insertDeliveries, jobOf, OutboxChannel } from '../outbox-channel';
import type { OutboxQueue } from '../queue/outbox-queue';
import { decideBudgets, type BudgetedJob, type RecipientCaps } from './recipient-budget';

/**
 * A channel's subscription (mail, SMS) read like a projection (safe global order, checkpoint moved in the
 * same transaction): the message-worthy events of each batch become the channel's delivery rows and queue
 * jobs keyed by the event id. It is driven by OutboxSubscriptionRunner, not registered with the
 * ProjectionRegistry: a rebuild must never replay messages. A failed enqueue (Redis away) rolls the batch
 * back, so the checkpoint stays and the batch is retried. Channels differ only in which jobs a batch yields
 * and which of them a shopper's own action caused: those are counted against their recipient's budget, and a
 * message over it is recorded as skipped and never queued (issue 27, `decideBudgets`).
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
    const rows = await decideBudgets(manager, this.channel, jobs, () => this.recipientCaps(manager));
    await insertDeliveries(manager, this.channel, rows);
    const queued = rows.filter((row) => !row.budget?.capped).map(jobOf);
    if (queued.length > 0) await this.queue.enqueue(queued);
  }

  /** The batch's jobs: one per message-worthy event, or per part of one; `budgeted` on those a shopper caused. */
  protected abstract jobsFor(events: RecordedEvent[], manager: EntityManager): Promise<BudgetedJob[]>;

  /** The per-recipient caps in force (read only for a batch with a budgeted message). */
  protected abstract recipientCaps(manager: EntityManager): Promise<RecipientCaps>;
}
