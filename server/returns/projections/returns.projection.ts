import type { RecordedEvent } from '../../event-store/event-store.types';
import type { EntityManager } from 'typeorm';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { RETURN_EVENT_TYPES, type ReturnEvent } from '../domain/return.events';

/** A row of `returns`, as written. */
export interface ReturnTableRow {
  return_id: string;
  order_id: string;
  product_id: number;
  product_name: string;
  size: string;
  unit: number;
  kind: string;
  reason: string;
  new_size: string | null;
  stage: string;
  refusal: string | null;
  called: boolean;
  pickup_charge_paisa: number;
  price_difference_paisa: number;
  refund_amount_paisa: number;
  refund_method: string | null;
  refunded_paisa: number;
  exchange_order_id: string | null;
  exchange_created: boolean;
  pickup_tracking_code: string | null;
  received_as: string | null;
  /** The shopper's photo id, when she attached one. */
  photo: string | null;
  requested_at: string;
  updated_at: string;
  steps: Array<{ event: string; at: string; actor: string; note: string | null }>;
  version: number;
}

/**
 * `returns`: one row per return or exchange request (issue 35), with each step (who, when, the note) for the
 * order's page. A batch reads the rows it touches once, folds its events onto them and writes them back in one
 * statement; a row's `version` (the stream position of its last event) makes a replayed event change nothing.
 */
export class ReturnsProjection implements Projection {
  readonly name = 'returns';
  readonly tables = ['returns'];
  readonly eventTypes = [...RETURN_EVENT_TYPES];

  apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    return writeReturnRows(manager, table, events);
  }
}

/**
 * Writes a batch of return events to `returns`: shared by the projection (through `context.table`) and each
 * step's own append (live table, in its transaction), so care's answer shows the step at once; the rows'
 * versions make whichever comes second change nothing.
 */
export async function writeReturnRows(manager: EntityManager, table: (name: string) => string, events: readonly RecordedEvent[]): Promise<void> {
  {
    const target = table('returns');
    const ids = [...new Set(events.filter((event) => event.streamId.startsWith('returns-')).map((event) => (event.data as { returnId: string }).returnId))];
    if (ids.length === 0) return;
    const existing: ReturnTableRow[] = await manager.query(
      `SELECT return_id, order_id, product_id, product_name, size, unit, kind, reason, new_size, stage, refusal, called, pickup_charge_paisa, price_difference_paisa,
              refund_amount_paisa, refund_method, refunded_paisa, exchange_order_id, exchange_created, pickup_tracking_code, received_as, photo,
              to_json(requested_at) #>> '{}' AS requested_at, to_json(updated_at) #>> '{}' AS updated_at, steps, version
         FROM ${target} WHERE return_id = ANY($1::text[])`,
      [ids],
    );
    const rows = new Map(existing.map((row) => [row.return_id, row]));
    for (const recorded of events) {
      if (!recorded.streamId.startsWith('returns-')) continue;
      const event = { type: recorded.type, data: recorded.data } as ReturnEvent;
      const row = event.type === 'ReturnRequested' ? rows.get(event.data.returnId) ?? null : rows.get(event.data.returnId);
      // Each row tracks the stream position it has seen: an event already applied is skipped.
      if (row && row.version >= recorded.streamPosition) continue;
      const next = applyReturnEvent(row ?? null, event, recorded);
      if (next) rows.set(next.return_id, next);
    }
    if (rows.size === 0) return;
    // Only a newer row replaces one: a step's own append and the projection's batch may both write a row, and the
    // one that read it before the other committed must not put an older state back.
    await manager.query(
      `INSERT INTO ${target} AS t SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
       ON CONFLICT (return_id) DO UPDATE SET
         stage = excluded.stage, refusal = excluded.refusal, called = excluded.called, refund_method = excluded.refund_method,
         refunded_paisa = excluded.refunded_paisa, exchange_created = excluded.exchange_created, pickup_tracking_code = excluded.pickup_tracking_code,
         received_as = excluded.received_as, updated_at = excluded.updated_at, steps = excluded.steps, version = excluded.version
       WHERE t.version < excluded.version`,
      [JSON.stringify([...rows.values()])],
    );
  }
}

/** One event on one row (null row: the request itself). Exported for the fold's unit spec. */
export function applyReturnEvent(row: ReturnTableRow | null, event: ReturnEvent, recorded: Pick<RecordedEvent, 'streamPosition' | 'metadata'>): ReturnTableRow | null {
  const actor = recorded.metadata.actor?.name ?? recorded.metadata.actor?.role ?? 'system';
  const note = typeof recorded.metadata.note === 'string' ? recorded.metadata.note : null;
  const step = { event: event.type, at: event.data.at, actor, note };
  if (event.type === 'ReturnRequested') {
    if (row) return row;
    const data = event.data;
    return {
      return_id: data.returnId, order_id: data.orderId, product_id: data.productId, product_name: data.productName, size: data.size, unit: data.unit,
      kind: data.kind, reason: data.reason, new_size: data.newSize, stage: 'requested', refusal: null, called: false,
      pickup_charge_paisa: data.pickupChargePaisa, price_difference_paisa: data.priceDifferencePaisa, refund_amount_paisa: data.refundAmountPaisa,
      refund_method: null, refunded_paisa: 0, exchange_order_id: data.exchangeOrderId, exchange_created: false, pickup_tracking_code: null, received_as: null,
      photo: data.photo ?? null, requested_at: data.at, updated_at: data.at, steps: [step], version: recorded.streamPosition,
    };
  }
  if (!row) return null;
  const next: ReturnTableRow = { ...row, updated_at: event.data.at, steps: [...row.steps, step], version: recorded.streamPosition };
  switch (event.type) {
    case 'ReturnApproved': next.stage = 'approved'; break;
    case 'ReturnRefused': next.stage = 'refused'; next.refusal = event.data.reason; break;
    case 'ReturnCalled': next.called = true; break;
    case 'ReturnPickupRequested': break;
    case 'ReturnPickupBooked': next.stage = 'pickup_booked'; next.pickup_tracking_code = event.data.trackingCode; break;
    case 'ReturnReceived':
      next.received_as = event.data.condition;
      next.stage = row.kind === 'exchange' && row.exchange_created ? 'exchanged' : 'received';
      break;
    case 'ExchangeOrderCreated':
      next.exchange_created = true;
      if (row.stage === 'received') next.stage = 'exchanged';
      break;
    case 'ReturnRefunded': next.stage = 'refunded'; next.refund_method = event.data.method; next.refunded_paisa = row.refunded_paisa + event.data.amountPaisa; break;
  }
  return next;
}
