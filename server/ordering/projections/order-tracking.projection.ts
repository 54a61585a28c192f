import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { ORDER_EVENT_TYPES } from '../domain/order.events';
import { isOrderEvent } from './order-tracking.fold';
import { writeOrderTracking } from './order-tracking.writer';

/**
 * `order_details` and `order_lines`: what tracking, the confirmation page, the customer's order history and
 * care's order list read. Checkout also writes them inline (ADR 015); this projection is what keeps status
 * changes current and what a rebuild replays.
 */
export class OrderTrackingProjection implements Projection {
  readonly name = 'order-tracking';
  readonly tables = ['order_details', 'order_lines'];
  /** Issue 32 (ADR 065): `GuestOrdersJoined`, on an account's stream, gives earlier guest orders that account. */
  readonly eventTypes = [...ORDER_EVENT_TYPES, 'GuestOrdersJoined'];

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const orderEvents = await notWrittenYet(events.filter(isOrderEvent), context);
    await writeOrderTracking(context.manager, (name) => context.table(name), orderEvents);
    // The joined orders were placed before the proof, so they are in the table (this batch's inserts included).
    for (const event of events) {
      if (event.type !== 'GuestOrdersJoined') continue;
      const { userId, orderIds } = event.data as { userId: string; orderIds: string[] };
      await context.manager.query(`UPDATE ${context.table('order_details')} SET user_id = $1 WHERE order_id = ANY($2::text[]) AND user_id IS NULL`, [userId, orderIds]);
    }
  }
}

/**
 * The events an order's row does not hold yet. Checkout and the order commands write the row inline, in the
 * transaction of their events, so live this projection mostly meets orders already written: one read of
 * their versions spares folding them again and an upsert that the version guards would turn into nothing
 * (under a burst of checkouts, that upsert was the heaviest statement of the worker). The rows come out the
 * same either way: a row at version v holds every event of its order up to v.
 */
async function notWrittenYet(events: RecordedEvent[], context: ProjectionContext): Promise<RecordedEvent[]> {
  if (events.length === 0) return events;
  const orderIds = [...new Set(events.map((event) => (event.data as { orderId: string }).orderId))];
  const rows: Array<{ order_id: string; version: number }> = await context.manager.query(
    `SELECT order_id, version FROM ${context.table('order_details')} WHERE order_id = ANY($1::text[])`,
    [orderIds],
  );
  const written = new Map(rows.map((row) => [row.order_id, row.version]));
  return events.filter((event) => event.streamPosition > (written.get((event.data as { orderId: string }).orderId) ?? 0));
}
