import type { RecordedEvent } from '../../event-store/event-store.types';
import { skuDecider } from '../domain/sku';
import { SKU_EVENT_TYPES, type SkuEvent } from '../domain/sku.events';

/** One row of the `sku_stock` read model. `version` is the stream position of the last applied event. */
export interface SkuStockRow {
  productId: number;
  size: string;
  available: number;
  reserved: number;
  version: number;
  updatedAt: Date;
}

const skuEventTypes = new Set<string>(SKU_EVENT_TYPES);

export function isSkuEvent(event: RecordedEvent): event is RecordedEvent<SkuEvent['type'], SkuEvent['data']> {
  return skuEventTypes.has(event.type);
}

export const skuKey = (productId: number, size: string) => `${productId}/${size}`;

/**
 * Folds a batch of events into the rows they change, starting from the rows already stored. Events at or
 * below a row's version were applied before and are skipped, which makes a replayed batch harmless.
 * Returns only the rows that changed.
 */
export function foldSkuStock(stored: Iterable<SkuStockRow>, events: RecordedEvent[]): SkuStockRow[] {
  const rows = new Map<string, SkuStockRow>();
  for (const row of stored) rows.set(skuKey(row.productId, row.size), { ...row });
  const changed = new Set<string>();

  // Group per SKU and order by stream position: the global order may interleave, a stream's own order rules.
  const bySku = new Map<string, Array<RecordedEvent<SkuEvent['type'], SkuEvent['data']>>>();
  for (const event of events) {
    if (!isSkuEvent(event)) continue;
    const key = skuKey(event.data.productId, event.data.size);
    const list = bySku.get(key);
    if (list) list.push(event);
    else bySku.set(key, [event]);
  }
  for (const [key, skuEvents] of bySku) {
    skuEvents.sort((a, b) => a.streamPosition - b.streamPosition);
    const { productId, size } = skuEvents[0].data;
    let row = rows.get(key) ?? { productId, size, available: 0, reserved: 0, version: 0, updatedAt: skuEvents[0].recordedAt };
    for (const event of skuEvents) {
      if (event.streamPosition <= row.version) continue;
      // The domain's evolve does the arithmetic; per-order holdings are not part of this read model.
      const next = skuDecider.evolve({ available: row.available, reserved: row.reserved, reservations: {} }, event as unknown as SkuEvent);
      row = { ...row, available: next.available, reserved: next.reserved, version: event.streamPosition, updatedAt: event.recordedAt };
      changed.add(key);
    }
    rows.set(key, row);
  }
  return [...changed].map((key) => rows.get(key)!);
}
