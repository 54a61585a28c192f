import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { foldPhoneRisk, PHONE_RISK_EVENT_TYPES } from './phone-risk.fold';

/**
 * Writes a batch to `phone_risk` / `phone_risk_orders`: at most four statements whatever the batch size.
 * Shared by the projection and the inline write of a block (live tables), which only sets the block columns;
 * the block columns keep the newest event's (`block_position`), so whichever comes second changes nothing.
 */
export async function writePhoneRisk(manager: EntityManager, table: (name: string) => string, events: readonly RecordedEvent[]): Promise<void> {
  const risk = table('phone_risk');
  const riskOrders = table('phone_risk_orders');
  const finished = [...new Set(events.filter((event) => event.streamId.startsWith('order-') && !event.type.endsWith('Placed')).map((event) => event.streamId.slice(6)))];
  const known = new Map<string, string[]>();
  if (finished.length > 0) {
    const rows: Array<{ order_id: string; phones: string[] }> = await manager.query(`SELECT order_id, phones FROM ${riskOrders} WHERE order_id = ANY($1::text[])`, [finished]);
    for (const row of rows) known.set(row.order_id, row.phones);
  }
  const { orders, counts, blocks } = foldPhoneRisk(events, known);
  if (orders.length > 0) {
    await manager.query(
      `INSERT INTO ${riskOrders} (order_id, phones) SELECT order_id, phones FROM jsonb_to_recordset($1::jsonb) AS o(order_id text, phones text[])
       ON CONFLICT (order_id) DO NOTHING`,
      [JSON.stringify(orders)],
    );
  }
  if (counts.length > 0) {
    await manager.query(
      `INSERT INTO ${risk} AS t (phone, placed, delivered, returned, cancelled, expired, last_order_id, last_order_at)
       SELECT phone, placed, delivered, returned, cancelled, expired, last_order_id, last_order_at
         FROM jsonb_to_recordset($1::jsonb) AS c(phone text, placed int, delivered int, returned int, cancelled int, expired int, last_order_id text, last_order_at timestamptz)
       ON CONFLICT (phone) DO UPDATE SET
         placed = t.placed + EXCLUDED.placed, delivered = t.delivered + EXCLUDED.delivered, returned = t.returned + EXCLUDED.returned,
         cancelled = t.cancelled + EXCLUDED.cancelled, expired = t.expired + EXCLUDED.expired,
         last_order_id = CASE WHEN EXCLUDED.last_order_at IS NOT NULL AND (t.last_order_at IS NULL OR EXCLUDED.last_order_at >= t.last_order_at)
                              THEN EXCLUDED.last_order_id ELSE t.last_order_id END,
         last_order_at = greatest(t.last_order_at, EXCLUDED.last_order_at)`,
      [JSON.stringify(counts)],
    );
  }
  if (blocks.length > 0) {
    await manager.query(
      `INSERT INTO ${risk} AS t (phone, blocked, block_reason, blocked_at, block_position)
       SELECT phone, blocked, block_reason, blocked_at, block_position
         FROM jsonb_to_recordset($1::jsonb) AS b(phone text, blocked boolean, block_reason text, blocked_at timestamptz, block_position bigint)
       ON CONFLICT (phone) DO UPDATE SET blocked = EXCLUDED.blocked, block_reason = EXCLUDED.block_reason, blocked_at = EXCLUDED.blocked_at,
              block_position = EXCLUDED.block_position
        WHERE t.block_position IS NULL OR EXCLUDED.block_position > t.block_position`,
      [JSON.stringify(blocks)],
    );
  }
}

/** The projection's name: its checkpoint, its rebuild route, and what a reader of `phone_risk` waits for. */
export const PHONE_RISK_PROJECTION = 'phone-risk';

/**
 * `phone_risk`: per phone number, orders placed, delivered, returned, cancelled and expired, the last order,
 * and whether admin blocked it (issue 14). Care reads it on the order page and as the list's badge; checkout
 * reads `blocked`.
 */
export class PhoneRiskProjection implements Projection {
  readonly name = PHONE_RISK_PROJECTION;
  readonly tables = ['phone_risk', 'phone_risk_orders'];
  readonly eventTypes = PHONE_RISK_EVENT_TYPES;

  apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    return writePhoneRisk(context.manager, (name) => context.table(name), events);
  }
}
