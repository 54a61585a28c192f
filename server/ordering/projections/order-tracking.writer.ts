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
  const { inserts, lines, updates, lineSets } = foldOrderTracking(events);
  if (inserts.length === 0 && lines.length === 0 && updates.length === 0) return;
  const details = table('order_details');
  const orderLines = table('order_lines');
  if (lineSets.length > 0) {
    // Amended lines replace the stored ones, only where the row is older than the amendment (a replay changes nothing).
    const stale: Array<{ order_id: string }> = await manager.query(
      `WITH deleted AS (
         DELETE FROM ${orderLines} l USING jsonb_to_recordset($1::jsonb) AS u(order_id text, version int), ${details} t
          WHERE l.order_id = u.order_id AND t.order_id = u.order_id AND t.version < u.version
         RETURNING l.order_id
       )
       SELECT DISTINCT order_id FROM deleted`,
      [JSON.stringify(lineSets.map(({ order_id, version }) => ({ order_id, version })))],
    );
    const replaced = new Set(stale.map((row) => row.order_id));
    const rows = lineSets.filter((set) => replaced.has(set.order_id)).flatMap((set) => set.lines);
    if (rows.length > 0) {
      await manager.query(`INSERT INTO ${orderLines} SELECT * FROM jsonb_populate_recordset(NULL::${orderLines}, $1::jsonb) ON CONFLICT (order_id, line_no) DO NOTHING`, [
        JSON.stringify(rows),
      ]);
    }
  }
  await manager.query(
    `WITH inserted AS (
       INSERT INTO ${details} AS t
       SELECT * FROM jsonb_populate_recordset(NULL::${details}, $1::jsonb)
       ON CONFLICT (order_id) DO UPDATE
         SET status = EXCLUDED.status, bkash_verified = EXCLUDED.bkash_verified, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at,
             address = EXCLUDED.address, shipping_phone = EXCLUDED.shipping_phone, subtotal_paisa = EXCLUDED.subtotal_paisa,
             discount_paisa = EXCLUDED.discount_paisa, grand_total_paisa = EXCLUDED.grand_total_paisa,
             lucky_draw_tokens = EXCLUDED.lucky_draw_tokens,
             area_id = EXCLUDED.area_id, district = EXCLUDED.district, thana = EXCLUDED.thana, landmark = EXCLUDED.landmark,
             delivery_charge_paisa = EXCLUDED.delivery_charge_paisa, zone_id = EXCLUDED.zone_id
         WHERE t.version < EXCLUDED.version
       RETURNING 1
     ), lines AS (
       INSERT INTO ${orderLines} SELECT * FROM jsonb_populate_recordset(NULL::${orderLines}, $2::jsonb)
       ON CONFLICT (order_id, line_no) DO NOTHING
       RETURNING 1
     ), updated AS (
       UPDATE ${details} AS t
          SET status = coalesce(u.status, t.status), bkash_verified = t.bkash_verified OR u.bkash_verified,
              version = u.version, updated_at = u.updated_at,
              address = coalesce(u.address, t.address), shipping_phone = coalesce(u.shipping_phone, t.shipping_phone),
              subtotal_paisa = coalesce(u.subtotal_paisa, t.subtotal_paisa), discount_paisa = coalesce(u.discount_paisa, t.discount_paisa),
              grand_total_paisa = coalesce(u.grand_total_paisa, t.grand_total_paisa),
              lucky_draw_tokens = coalesce(u.lucky_draw_tokens, t.lucky_draw_tokens),
              area_id = coalesce(u.area_id, t.area_id), district = coalesce(u.district, t.district),
              thana = CASE WHEN u.area_id IS NULL THEN t.thana ELSE u.thana END, landmark = CASE WHEN u.area_id IS NULL THEN t.landmark ELSE u.landmark END,
              delivery_charge_paisa = coalesce(u.delivery_charge_paisa, t.delivery_charge_paisa), zone_id = coalesce(u.zone_id, t.zone_id)
         FROM jsonb_to_recordset($3::jsonb) AS u(order_id text, status text, bkash_verified boolean, version int, updated_at timestamptz,
                                                 address text, shipping_phone text, subtotal_paisa int, discount_paisa int, grand_total_paisa int,
                                                 lucky_draw_tokens text[], area_id text, district text, thana text, landmark text,
                                                 delivery_charge_paisa int, zone_id text)
        WHERE t.order_id = u.order_id AND t.version < u.version
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM inserted) + (SELECT count(*) FROM lines) + (SELECT count(*) FROM updated) AS changed`,
    [JSON.stringify(inserts), JSON.stringify(lines), JSON.stringify(updates)],
  );
}
