import type { EntityManager } from 'typeorm';
import { mobilePhoneOf } from '../../../contracts/phone';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { openPersonalData } from '../../event-store/personal-data/personal-data';
import { causedByShopper, orderMessageCaps } from '../../outbox/event-reads';
import type { BudgetedJob, RecipientCaps } from '../../outbox/subscription/recipient-budget';
import { OutboxSubscriptionProjection } from '../../outbox/subscription/outbox-subscription.projection';
import { maskPhone } from '../mask-phone';
import { orderSmsKindOf } from '../templates/sms-texts';
import { SMS_CHANNEL, SMS_EVENT_TYPES } from '../sms-events';

export const SMS_SUBSCRIPTION_NAME = 'sms-subscription';

/**
 * The SMS channel's subscription: every event of SMS_EVENT_TYPES is SMS-worthy; whether an order has a phone to
 * text is the composer's question (every order has one). Rows, jobs and checkpoint: OutboxSubscriptionProjection.
 * An order placed or cancelled by the shopper (a guest or a customer, never staff or the system) is counted
 * against the budget of the phone it texts (issue 27): 15 orders placed and cancelled in a few seconds must not
 * text a stranger's number 30 times. Care's confirmation, shipping and the rest are never capped.
 */
export class SmsSubscriptionProjection extends OutboxSubscriptionProjection {
  readonly name = SMS_SUBSCRIPTION_NAME;
  readonly eventTypes = SMS_EVENT_TYPES;
  protected readonly channel = SMS_CHANNEL;

  protected async jobsFor(events: RecordedEvent[], manager: EntityManager): Promise<BudgetedJob[]> {
    const cancelled = events.filter((event) => event.type === 'OrderCancelled' && causedByShopper(event)).map((event) => event.streamId);
    const placedPhones = await contactPhones(manager, cancelled);
    // A courier step texts only when the decider marked it (the first out for delivery), an amendment only when it
    // moved the total (issue 31): no row for the others.
    const worthy = events.filter((event) => orderSmsKindOf(event.type, event.data as { notify?: unknown; previousGrandTotalPaisa?: unknown; totals?: unknown }) !== null || !event.streamId.startsWith('order-'));
    return worthy.map((event) => {
      const job = { eventId: event.id, eventType: event.type };
      if (!causedByShopper(event)) return job;
      const phone =
        event.type === 'OrderPlaced' ? mobilePhoneOf((event.data as { customer?: { phone?: unknown } }).customer?.phone) : event.type === 'OrderCancelled' ? placedPhones.get(event.streamId) : null;
      return phone ? { ...job, budgeted: { kind: 'phone' as const, address: phone, at: event.recordedAt, shown: maskPhone(phone) } } : job;
    });
  }

  protected recipientCaps(manager: EntityManager): Promise<RecipientCaps> {
    return orderMessageCaps(manager);
  }
}

/** The mobile number each order's placing event texts (sealed per person, ADR 053: opened here). */
async function contactPhones(manager: EntityManager, streamIds: string[]): Promise<Map<string, string>> {
  if (streamIds.length === 0) return new Map();
  const rows: Array<{ stream_id: string; data: { customer?: { phone?: unknown } } }> = await manager.query(
    `SELECT stream_id, data FROM events WHERE stream_id = ANY($1::text[]) AND type IN ('OrderPlaced', 'InstantOrderPlaced')`,
    [[...new Set(streamIds)]],
  );
  await openPersonalData(manager, rows);
  return new Map(rows.flatMap((row) => {
    const phone = mobilePhoneOf(row.data.customer?.phone);
    return phone ? [[row.stream_id, phone] as const] : [];
  }));
}
