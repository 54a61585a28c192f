import type { EventStore } from '../event-store/event-store';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { AppendRequest, EventMetadata } from '../event-store/event-store.types';
import type { SkuEvent } from '../inventory/domain/sku.events';
import { skuStreamId } from '../inventory/domain/sku-stream';
import type { DemoProduct } from './demo-products';

/** What the seed gives one SKU: nothing at all, stock that was sold out, a few units, or a normal count. */
export type DemoStock =
  | { kind: 'never-received' }
  | { kind: 'sold-out'; received: number }
  | { kind: 'low'; quantity: number }
  | { kind: 'in-stock'; quantity: number };

/**
 * Stock per SKU, decided by a hash of slug and size so it is the same on every run and spread across the
 * catalog: about 6% never received, 6% sold out, 14% low (1-3 units), the rest 8-40 units.
 */
export function demoStockFor(slug: string, size: string): DemoStock {
  const hash = fnv1a(`${slug}/${size}`);
  const bucket = hash % 100;
  if (bucket < 6) return { kind: 'never-received' };
  if (bucket < 12) return { kind: 'sold-out', received: 4 + (hash % 5) };
  if (bucket < 26) return { kind: 'low', quantity: 1 + (hash % 3) };
  return { kind: 'in-stock', quantity: 8 + (hash % 33) };
}

export function availableAfterSeed(stock: DemoStock): number {
  return stock.kind === 'low' || stock.kind === 'in-stock' ? stock.quantity : 0;
}

/** The events the seed records for one SKU; what a warehouse would have told us. */
export function demoStockEvents(productId: number, size: string, stock: DemoStock): SkuEvent[] {
  switch (stock.kind) {
    case 'never-received':
      return [];
    case 'sold-out':
      return [
        { type: 'StockReceived', data: { productId, size, quantity: stock.received } },
        { type: 'StockAdjusted', data: { productId, size, delta: -stock.received, reason: 'Sold out at the launch pop-up (demo data)' } },
      ];
    case 'low':
    case 'in-stock':
      return [{ type: 'StockReceived', data: { productId, size, quantity: stock.quantity } }];
  }
}

const CHUNK = 60;

/**
 * Records the demo stock, one transaction per chunk of SKU streams. Only streams that do not exist yet are
 * written ('no-stream'), so a rerun or a partial earlier run never doubles stock; a chunk refused because one
 * of its streams appeared meanwhile is retried stream by stream.
 */
export async function seedDemoStock(
  eventStore: EventStore,
  products: Array<DemoProduct & { id: number }>,
  metadata: EventMetadata,
): Promise<number> {
  const requests: AppendRequest[] = products.flatMap((product) =>
    product.sizes
      .map((size) => ({
        streamId: skuStreamId(product.id, size),
        expectedVersion: 'no-stream' as const,
        events: demoStockEvents(product.id, size, demoStockFor(product.slug, size)),
      }))
      .filter((request) => request.events.length > 0),
  );
  let written = 0;
  for (let start = 0; start < requests.length; start += CHUNK) {
    const chunk = requests.slice(start, start + CHUNK);
    try {
      await eventStore.appendToStreams(chunk, metadata);
      written += chunk.length;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      written += await appendMissingStreams(eventStore, chunk, metadata);
    }
  }
  return written;
}

async function appendMissingStreams(eventStore: EventStore, chunk: AppendRequest[], metadata: EventMetadata): Promise<number> {
  const versions = await Promise.all(chunk.map((request) => eventStore.streamVersion(request.streamId)));
  const missing = chunk.filter((_, index) => versions[index] === 0);
  if (missing.length > 0) await eventStore.appendToStreams(missing, metadata);
  return missing.length;
}

/** FNV-1a, 32 bit: tiny, stable across Node versions, good enough to spread demo data. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
