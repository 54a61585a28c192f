import type { RecordedEvent } from '../../event-store/event-store.types';
import type { OutboxJobData } from '../../outbox/outbox-channel';
import { OutboxSubscriptionProjection } from '../../outbox/subscription/outbox-subscription.projection';
import { SMS_CHANNEL, SMS_EVENT_TYPES } from '../sms-events';

export const SMS_SUBSCRIPTION_NAME = 'sms-subscription';

/**
 * The SMS channel's subscription: every event of SMS_EVENT_TYPES is SMS-worthy; whether an order has a phone to
 * text is the composer's question (every order has one). Rows, jobs and checkpoint: OutboxSubscriptionProjection.
 */
export class SmsSubscriptionProjection extends OutboxSubscriptionProjection {
  readonly name = SMS_SUBSCRIPTION_NAME;
  readonly eventTypes = SMS_EVENT_TYPES;
  protected readonly channel = SMS_CHANNEL;

  protected async jobsFor(events: RecordedEvent[]): Promise<OutboxJobData[]> {
    return events.map((event) => ({ eventId: event.id, eventType: event.type }));
  }
}
