import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection } from '../../event-store/projection';
import { insertDeliveries } from '../../outbox/outbox-channel';
import type { OutboxQueue } from '../../outbox/queue/outbox-queue';
import { SMS_CHANNEL, SMS_EVENT_TYPES } from '../sms-events';

export const SMS_SUBSCRIPTION_NAME = 'sms-subscription';

/**
 * Reads the event log like a projection (safe global order, checkpoint moved in the same transaction) and
 * turns each SMS-worthy event into an `sms_deliveries` row and an `sms` job with the event's id. Like the
 * mail subscription it has its own runner and is not registered with ProjectionRegistry: a rebuild sends
 * nothing. Whether an order has a phone to text is the composer's question (every order has one).
 */
export class SmsSubscriptionProjection implements Projection {
  readonly name = SMS_SUBSCRIPTION_NAME;
  readonly tables: string[] = [];
  readonly eventTypes = SMS_EVENT_TYPES;

  constructor(private readonly queue: OutboxQueue) {}

  async apply(events: RecordedEvent[], { manager }: { manager: EntityManager }): Promise<void> {
    const jobs = events.map((event) => ({ eventId: event.id, eventType: event.type }));
    if (jobs.length === 0) return;
    await insertDeliveries(manager, SMS_CHANNEL, jobs);
    await this.queue.enqueue(jobs);
  }
}
