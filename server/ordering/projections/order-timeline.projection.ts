import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { ORDER_EVENT_TYPES, withPlacementMetadata, type OrderEvent } from '../domain/order.events';
import { isOrderEvent } from './order-tracking.fold';

export interface OrderTimelineRow {
  order_id: string;
  stream_position: number;
  event_type: string;
  occurred_at: string;
  actor_id: string;
  actor_role: string;
  actor_name: string | null;
  note: string | null;
  details: Record<string, unknown>;
}

/** One row per event of an order, with who did it and their note: the care team's timeline. */
export function timelineRows(events: readonly RecordedEvent[]): OrderTimelineRow[] {
  return events.filter(isOrderEvent).map(withPlacementMetadata).map((recorded) => {
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    const { actor, note } = recorded.metadata;
    return {
      order_id: event.data.orderId,
      stream_position: recorded.streamPosition,
      event_type: event.type,
      occurred_at: new Date(recorded.recordedAt).toISOString(),
      actor_id: actor.id,
      actor_role: actor.role,
      actor_name: actor.name ?? null,
      note: note ?? null,
      details: detailsOf(event),
    };
  });
}

function detailsOf(event: OrderEvent): Record<string, unknown> {
  switch (event.type) {
    case 'OrderPlaced':
      return { orderType: 1, grandTotalPaisa: event.data.totals.grandTotalPaisa, units: event.data.lines.reduce((sum, line) => sum + line.quantity, 0) };
    case 'InstantOrderPlaced':
      return { orderType: 2, amountPaisa: event.data.payment.amountPaisa, duePaisa: event.data.payment.duePaisa };
    default: {
      const { orderId: _orderId, at: _at, ...rest } = event.data;
      return rest;
    }
  }
}

/** The care timeline of every order (`order_timeline`), insert-only and idempotent by (order, position). */
export class OrderTimelineProjection implements Projection {
  readonly name = 'order-timeline';
  readonly tables = ['order_timeline'];
  readonly eventTypes = [...ORDER_EVENT_TYPES];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const rows = timelineRows(events);
    if (rows.length === 0) return;
    const target = table('order_timeline');
    await manager.query(
      `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb) ON CONFLICT (order_id, stream_position) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
