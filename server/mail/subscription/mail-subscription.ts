import { openPersonalData } from '../../event-store/personal-data/personal-data';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { OutboxJobData, partDeliveryId } from '../../outbox/outbox-channel';
import { OutboxSubscriptionProjection } from '../../outbox/subscription/outbox-subscription.projection';
import { MAIL_CHANNEL, MAIL_EVENT_TYPES, ORDER_STATUS_MAIL_EVENTS } from '../mail-events';

export const MAIL_SUBSCRIPTION_NAME = 'mail-subscription';

/**
 * The mail channel's subscription: which events are mail-worthy is `mailWorthy`'s question; the rest (rows,
 * jobs, checkpoint, never replayed by a rebuild) is OutboxSubscriptionProjection's.
 */
export class MailSubscriptionProjection extends OutboxSubscriptionProjection {
  readonly name = MAIL_SUBSCRIPTION_NAME;
  readonly eventTypes = MAIL_EVENT_TYPES;
  protected readonly channel = MAIL_CHANNEL;

  protected jobsFor(events: RecordedEvent[], manager: EntityManager): Promise<OutboxJobData[]> {
    return mailWorthy(events, manager);
  }
}

const STATUS_TYPES: readonly string[] = ORDER_STATUS_MAIL_EVENTS;

/**
 * Mail to an address typed into a checkout is mail to someone nobody has checked yet (issue 14): an order's
 * e-mail gets its one "order received" mail, and only while no other order of that address is still waiting
 * for care's call; status mails only once care has confirmed the order (the confirmation itself included).
 * A held draw: one job per winner (the composer skips a winner whose order has no e-mail).
 */
async function mailWorthy(events: RecordedEvent[], manager: EntityManager): Promise<OutboxJobData[]> {
  const statusStreams = [...new Set(events.filter((event) => STATUS_TYPES.includes(event.type)).map((event) => event.streamId))];
  const confirmedWithEmail = new Set<string>();
  if (statusStreams.length > 0) {
    // The e-mail may be sealed (ADR 053): the placed events are opened here rather than filtered in SQL.
    const rows: Array<{ stream_id: string; data: { customer?: { email?: unknown } } }> = await manager.query(
      `SELECT p.stream_id, p.data FROM events p
        WHERE p.stream_id = ANY($1::text[]) AND p.type IN ('OrderPlaced', 'InstantOrderPlaced')
          AND EXISTS (SELECT 1 FROM events c WHERE c.stream_id = p.stream_id AND c.type = 'OrderConfirmed')`,
      [statusStreams],
    );
    await openPersonalData(manager, rows);
    for (const row of rows) {
      const email = row.data.customer?.email;
      if (typeof email === 'string' && email.includes('@')) confirmedWithEmail.add(row.stream_id);
    }
  }
  const placed = events.filter((event) => event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced');
  const emailOf = (event: RecordedEvent): string | null => {
    const email = (event.data as { customer?: { email?: unknown } }).customer?.email;
    return typeof email === 'string' && email.includes('@') ? email.trim().toLowerCase() : null;
  };
  const busy = new Set<string>();
  const emails = [...new Set(placed.map(emailOf).filter((email): email is string => email !== null))];
  if (emails.length > 0) {
    // Addresses with an earlier order still pending: that order's mail was (or is being) their one mail.
    const rows: Array<{ email: string }> = await manager.query(
      `SELECT DISTINCT lower(d.email) AS email FROM order_details d
        WHERE lower(d.email) = ANY($1::text[]) AND d.status = 'pending' AND NOT (d.order_id = ANY($2::text[]))`,
      [emails, placed.map((event) => event.streamId.replace(/^order-/, ''))],
    );
    for (const row of rows) busy.add(row.email);
  }
  const winnerJobs = events
    .filter((event) => event.type === 'DrawHeld')
    .flatMap((event) =>
      ((event.data as { winners?: Array<{ token: string }> }).winners ?? []).map((winner) => ({
        eventId: partDeliveryId(event.id, winner.token),
        eventType: event.type,
        sourceEventId: event.id,
        part: winner.token,
      })),
    );
  const single = events
    .filter((event) => {
      if (event.type === 'DrawHeld') return false;
      if (STATUS_TYPES.includes(event.type)) return confirmedWithEmail.has(event.streamId);
      if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') {
        const email = emailOf(event);
        if (!email || busy.has(email)) return false;
        busy.add(email); // a second order of the batch for the same address gets no mail either
        return true;
      }
      return true;
    })
    .map((event) => ({ eventId: event.id, eventType: event.type }));
  return [...single, ...winnerJobs];
}
