import type { RecordedEvent } from '../../event-store/event-store.types';
import type { EntityManager } from 'typeorm';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { RETURN_EVENT_TYPES, type ReturnEvent } from '../domain/return.events';

/** A row of `return_timeline`: one step of one of an order's returns, as care's order timeline shows it. */
export interface ReturnTimelineRow {
  order_id: string;
  stream_position: number;
  return_id: string;
  event_type: string;
  occurred_at: string;
  actor_id: string;
  actor_role: string;
  actor_name: string | null;
  note: string | null;
  details: Record<string, unknown>;
}

/**
 * What a step says beyond its name, in the order timeline's words (issue 35): the request's kind, reason and new
 * size; care's reason for a refusal; the courier and its tracking code; whether the unit went back to stock or was
 * written off; the refund's method and amount; the exchange's linked order and what it collects. Nothing personal
 * (the events carry none).
 */
export function returnStepDetails(event: ReturnEvent): Record<string, unknown> {
  const returnId = event.data.returnId;
  switch (event.type) {
    case 'ReturnRequested':
      return {
        returnId, kind: event.data.kind, returnReason: event.data.reason, item: `${event.data.productName} (${event.data.size})`,
        ...(event.data.newSize ? { newSize: event.data.newSize } : {}), ...(event.data.photo ? { photo: true } : {}),
      };
    case 'ReturnRefused':
      return { returnId, reason: event.data.reason };
    case 'ReturnPickupRequested':
      return { returnId, courier: event.data.courier };
    case 'ReturnPickupBooked':
      return { returnId, courier: event.data.courierName, trackingCode: event.data.trackingCode };
    case 'ReturnReceived':
      return { returnId, condition: event.data.condition };
    case 'ExchangeOrderCreated':
      return { returnId, exchangeOrderId: event.data.exchangeOrderId, newSize: event.data.newSize, collectPaisa: event.data.collectPaisa };
    case 'ReturnRefunded':
      return { returnId, method: event.data.method, amountPaisa: event.data.amountPaisa, ...(event.data.refundTrxId ? { refundTrxId: event.data.refundTrxId } : {}) };
    default:
      return { returnId };
  }
}

/** One row per return event, with who did it and their note (as `order_timeline` has for the order's own events). */
export function returnTimelineRows(events: readonly RecordedEvent[]): ReturnTimelineRow[] {
  return events
    .filter((recorded) => recorded.streamId.startsWith('returns-'))
    .map((recorded) => {
      const event = { type: recorded.type, data: recorded.data } as ReturnEvent;
      const { actor, note } = recorded.metadata;
      return {
        order_id: event.data.orderId,
        stream_position: recorded.streamPosition,
        return_id: event.data.returnId,
        event_type: event.type,
        // The step's own time (in the event): the same whether the row is written in the append or by a rebuild.
        occurred_at: new Date(event.data.at).toISOString(),
        actor_id: actor.id,
        actor_role: actor.role,
        actor_name: actor.name ?? null,
        note: typeof note === 'string' ? note : null,
        details: returnStepDetails(event),
      };
    });
}

/**
 * `return_timeline` (issue 35): the steps of every order's returns for care's order timeline, insert-only and
 * idempotent by (order, position in its `returns-<orderId>` stream), rebuilt like any projection.
 */
export class ReturnTimelineProjection implements Projection {
  readonly name = 'return-timeline';
  readonly tables = ['return_timeline'];
  readonly eventTypes = [...RETURN_EVENT_TYPES];

  apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    return writeReturnTimelineRows(manager, table, events);
  }
}

/**
 * Writes a batch's rows: shared by the projection and each step's own append (live table, in its transaction), so
 * the order's timeline shows a step at once; whichever comes second changes nothing.
 */
export async function writeReturnTimelineRows(manager: EntityManager, table: (name: string) => string, events: readonly RecordedEvent[]): Promise<void> {
  const rows = returnTimelineRows(events);
  if (rows.length === 0) return;
  const target = table('return_timeline');
  await manager.query(
    `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb) ON CONFLICT (order_id, stream_position) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}
