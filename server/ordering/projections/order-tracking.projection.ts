import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { ORDER_EVENT_TYPES } from '../domain/order.events';
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
    const orderEvents = events.filter((event) => event.type !== 'GuestOrdersJoined');
    await writeOrderTracking(context.manager, (name) => context.table(name), orderEvents);
    // The joined orders were placed before the proof, so they are in the table (this batch's inserts included).
    for (const event of events) {
      if (event.type !== 'GuestOrdersJoined') continue;
      const { userId, orderIds } = event.data as { userId: string; orderIds: string[] };
      await context.manager.query(`UPDATE ${context.table('order_details')} SET user_id = $1 WHERE order_id = ANY($2::text[]) AND user_id IS NULL`, [userId, orderIds]);
    }
  }
}
