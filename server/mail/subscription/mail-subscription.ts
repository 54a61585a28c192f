import { openPersonalData } from '../../event-store/personal-data/personal-data';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { partDeliveryId } from '../../outbox/outbox-channel';
import { causedByShopper, orderMessageCaps } from '../../outbox/event-reads';
import type { BudgetedJob, RecipientCaps } from '../../outbox/subscription/recipient-budget';
import { OutboxSubscriptionProjection } from '../../outbox/subscription/outbox-subscription.projection';
import { STATUS_AFTER_EVENT } from '../../ordering/published';
import { MAIL_CHANNEL, MAIL_EVENT_TYPES, ORDER_STATUS_MAIL_EVENTS } from '../mail-events';

export const MAIL_SUBSCRIPTION_NAME = 'mail-subscription';

/**
 * The mail channel's subscription: which events are mail-worthy is `mailWorthy`'s question; the rest (rows,
 * jobs, checkpoint, never replayed by a rebuild, the per-recipient budget of the mails a shopper's own actions
 * cause) is OutboxSubscriptionProjection's.
 */
export class MailSubscriptionProjection extends OutboxSubscriptionProjection {
  readonly name = MAIL_SUBSCRIPTION_NAME;
  readonly eventTypes = MAIL_EVENT_TYPES;
  protected readonly channel = MAIL_CHANNEL;

  protected jobsFor(events: RecordedEvent[], manager: EntityManager): Promise<BudgetedJob[]> {
    return mailWorthy(events, manager);
  }

  protected recipientCaps(manager: EntityManager): Promise<RecipientCaps> {
    return orderMessageCaps(manager);
  }
}

const STATUS_TYPES: readonly string[] = ORDER_STATUS_MAIL_EVENTS;
/** Every status event takes an order out of `pending` (it is pending only from its placing until the first). */
const LEAVE_PENDING = Object.keys(STATUS_AFTER_EVENT);

/**
 * Mail to an address typed into a checkout is mail to someone nobody has checked yet (issue 14): an order's
 * e-mail gets its one "order received" mail, and only while no other order of that address is still waiting
 * for care's call; status mails only once care has confirmed the order (the confirmation itself included).
 * A held draw: one job per winner (the composer skips a winner whose order has no e-mail). A mail a shopper's own
 * action caused (their order placed, their cancellation) is counted against its address's budget (issue 27).
 */
async function mailWorthy(events: RecordedEvent[], manager: EntityManager): Promise<BudgetedJob[]> {
  const statusStreams = [...new Set(events.filter((event) => STATUS_TYPES.includes(event.type)).map((event) => event.streamId))];
  /** Confirmed orders placed with an e-mail: the address, by stream. */
  const confirmedWithEmail = new Map<string, string>();
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
      if (typeof email === 'string' && email.includes('@')) confirmedWithEmail.set(row.stream_id, email.trim().toLowerCase());
    }
  }
  const placed = events.filter((event) => event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced');
  const emailOf = (event: RecordedEvent): string | null => {
    const email = (event.data as { customer?: { email?: unknown } }).customer?.email;
    return typeof email === 'string' && email.includes('@') ? email.trim().toLowerCase() : null;
  };
  // Each address's other orders: when they were placed and when they stopped waiting for care (the log's
  // positions). Whether one was still pending is asked as of each placing event, not of the read model now:
  // the read model may already hold a later order of the address, or the earlier one's cancellation.
  const otherOrders = new Map<string, Array<{ placedAt: bigint; leftPendingAt: bigint | null }>>();
  const emails = [...new Set(placed.map(emailOf).filter((email): email is string => email !== null))];
  if (emails.length > 0) {
    // Orders that left `pending` before the batch's first placing cannot count: they are not read at all.
    const rows: Array<{ email: string; placed_at: string; left_at: string | null }> = await manager.query(
      `SELECT email, placed_at::text, left_at::text FROM (
         SELECT lower(d.email) AS email,
                (SELECT min(e.global_position) FROM events e WHERE e.stream_id = 'order-' || d.order_id) AS placed_at,
                (SELECT min(e.global_position) FROM events e WHERE e.stream_id = 'order-' || d.order_id AND e.type = ANY($3::text[])) AS left_at
           FROM order_details d
          WHERE lower(d.email) = ANY($1::text[]) AND NOT (d.order_id = ANY($2::text[]))
       ) orders
       WHERE left_at IS NULL OR left_at > $4::bigint`,
      [emails, placed.map((event) => event.streamId.replace(/^order-/, '')), LEAVE_PENDING, placed.reduce((first, event) => (event.globalPosition < first ? event.globalPosition : first), placed[0].globalPosition).toString()],
    );
    for (const row of rows) {
      const list = otherOrders.get(row.email) ?? [];
      list.push({ placedAt: BigInt(row.placed_at), leftPendingAt: row.left_at === null ? null : BigInt(row.left_at) });
      otherOrders.set(row.email, list);
    }
  }
  /** An earlier order of the address was still waiting for care when this one was placed: its mail was the one. */
  const pendingBefore = (email: string, at: bigint) =>
    (otherOrders.get(email) ?? []).some((order) => order.placedAt < at && (order.leftPendingAt === null || order.leftPendingAt > at));
  const mailed = new Set<string>();
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
  const budgeted = (event: RecordedEvent, email: string | null): BudgetedJob => {
    const job = { eventId: event.id, eventType: event.type };
    return email && causedByShopper(event) ? { ...job, budgeted: { kind: 'email', address: email, at: event.recordedAt, shown: email } } : job;
  };
  const single = events.flatMap((event): BudgetedJob[] => {
    if (event.type === 'DrawHeld') return [];
    if (STATUS_TYPES.includes(event.type)) {
      const email = confirmedWithEmail.get(event.streamId);
      return email ? [budgeted(event, email)] : [];
    }
    if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') {
      const email = emailOf(event);
      if (!email || mailed.has(email) || pendingBefore(email, event.globalPosition)) return [];
      mailed.add(email); // a second order of the batch for the same address gets no mail either
      return [budgeted(event, email)];
    }
    return [{ eventId: event.id, eventType: event.type }];
  });
  return [...single, ...winnerJobs];
}
