import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { SKU_EVENT_TYPES } from '../domain/sku.events';
import { foldSkuStock, isSkuEvent, type SkuStockRow } from './sku-stock.fold';

/**
 * Keeps `sku_stock` (available and reserved units per product and size) current from the sku-* streams.
 * Two statements per batch whatever its size: read the touched rows, fold the batch in memory, write every
 * changed row in one multi-row upsert. Always writes through `context.table`, so a rebuild fills its copy.
 */
export class SkuStockProjection implements Projection {
  readonly name = 'sku-stock';
  readonly tables = ['sku_stock'];
  readonly eventTypes = [...SKU_EVENT_TYPES];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const skuEvents = events.filter(isSkuEvent);
    if (skuEvents.length === 0) return;
    const target = table('sku_stock');

    const keys = new Map(skuEvents.map((event) => [`${event.data.productId}/${event.data.size}`, event.data]));
    const productIds = [...keys.values()].map((sku) => sku.productId);
    const sizes = [...keys.values()].map((sku) => sku.size);
    const stored: Array<{ product_id: number; size: string; available: number; reserved: number; version: number; updated_at: Date }> =
      await manager.query(
        `SELECT s.product_id, s.size, s.available, s.reserved, s.version, s.updated_at
           FROM ${target} s
           JOIN unnest($1::int[], $2::text[]) AS k(product_id, size) USING (product_id, size)`,
        [productIds, sizes],
      );

    const rows = foldSkuStock(
      stored.map((row) => ({ productId: row.product_id, size: row.size, available: row.available, reserved: row.reserved, version: row.version, updatedAt: row.updated_at })),
      skuEvents,
    );
    if (rows.length === 0) return;
    await upsert(manager, target, rows);
  }
}

async function upsert(manager: ProjectionContext['manager'], target: string, rows: SkuStockRow[]): Promise<void> {
  // unnest of parallel arrays: one statement and six parameters however many rows the batch touched.
  // The version guard keeps a stale writer from moving a row backwards.
  await manager.query(
    `INSERT INTO ${target} AS s (product_id, size, available, reserved, version, updated_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::timestamptz[])
     ON CONFLICT (product_id, size) DO UPDATE
       SET available = EXCLUDED.available, reserved = EXCLUDED.reserved, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
       WHERE s.version < EXCLUDED.version`,
    [
      rows.map((row) => row.productId),
      rows.map((row) => row.size),
      rows.map((row) => row.available),
      rows.map((row) => row.reserved),
      rows.map((row) => row.version),
      rows.map((row) => new Date(row.updatedAt).toISOString()),
    ],
  );
}
