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
  readonly eventTypes = [...ORDER_EVENT_TYPES];

  apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    return writeOrderTracking(context.manager, (name) => context.table(name), events);
  }
}
