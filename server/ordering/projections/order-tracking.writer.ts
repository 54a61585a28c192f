import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { foldOrderTracking } from './order-tracking.fold';

/**
 * Writes a batch of order events to `order_details` / `order_lines` in one statement whatever the batch
 * size. Shared by the projection (through `context.table`) and the checkout's inline write (live tables), so
 * both produce identical rows; version guards make whichever comes second a no-op. The fold never puts an
 * order in both the inserts and the updates, which matters because the CTEs share one snapshot.
 */
export async function writeOrderTracking(manager: EntityManager, table: (name: string) => string, events: readonly RecordedEvent[]): Promise<void> {
  const { inserts, lines, updates } = foldOrderTracking(events);
  if (inserts.length === 0 && lines.length === 0 && updates.length === 0) return;
  const details = table('order_details');
  const orderLines = table('order_lines');
  await manager.query(
    `WITH inserted AS (
       INSERT INTO ${details} AS t
       SELECT * FROM jsonb_populate_recordset(NULL::${details}, $1::jsonb)
       ON CONFLICT (order_id) DO UPDATE
         SET status = EXCLUDED.status, bkash_verified = EXCLUDED.bkash_verified, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
         WHERE t.version < EXCLUDED.version
       RETURNING 1
     ), lines AS (
       INSERT INTO ${orderLines} SELECT * FROM jsonb_populate_recordset(NULL::${orderLines}, $2::jsonb)
       ON CONFLICT (order_id, line_no) DO NOTHING
       RETURNING 1
     ), updated AS (
       UPDATE ${details} AS t
          SET status = coalesce(u.status, t.status), bkash_verified = t.bkash_verified OR u.bkash_verified,
              version = u.version, updated_at = u.updated_at
         FROM jsonb_to_recordset($3::jsonb) AS u(order_id text, status text, bkash_verified boolean, version int, updated_at timestamptz)
        WHERE t.order_id = u.order_id AND t.version < u.version
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM inserted) + (SELECT count(*) FROM lines) + (SELECT count(*) FROM updated) AS changed`,
    [JSON.stringify(inserts), JSON.stringify(lines), JSON.stringify(updates)],
  );
}
