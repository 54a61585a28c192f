import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { OrderEvent } from '../../ordering/published';
import type { ReturnRequested } from '../domain/return.events';

/**
 * The dashboard's returns (issue 35): `return_stats` counts requests by product, size, reason and kind (every
 * request asked, a refused one included: the shopper still found the size wrong); `return_units_sold` counts the
 * units ordered by product and size as placed (amendments and cancellations are not followed), the return
 * rate's denominator. Counts are added per batch; a rebuild adds the same events up to the same counts.
 */
export class ReturnStatsProjection implements Projection {
  readonly name = 'return-stats';
  readonly tables = ['return_stats', 'return_units_sold'];
  readonly eventTypes = ['ReturnRequested', 'OrderPlaced', 'InstantOrderPlaced'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const requests = new Map<string, { product_id: number; size: string; reason: string; kind: string; requests: number }>();
    const sold = new Map<string, { product_id: number; size: string; name: string; sold: number }>();
    for (const recorded of events) {
      if (recorded.type === 'ReturnRequested' && recorded.streamId.startsWith('returns-')) {
        const { productId, size, reason, kind } = (recorded.data as ReturnRequested['data']);
        const key = `${productId}|${size}|${reason}|${kind}`;
        const row = requests.get(key) ?? { product_id: productId, size, reason, kind, requests: 0 };
        row.requests += 1;
        requests.set(key, row);
      } else if (recorded.streamId.startsWith('order-') && (recorded.type === 'OrderPlaced' || recorded.type === 'InstantOrderPlaced')) {
        const event = { type: recorded.type, data: recorded.data } as Extract<OrderEvent, { type: 'OrderPlaced' | 'InstantOrderPlaced' }>;
        for (const line of event.data.lines) {
          const key = `${line.productId}|${line.size}`;
          const row = sold.get(key) ?? { product_id: line.productId, size: line.size, name: line.name, sold: 0 };
          row.sold += line.quantity;
          sold.set(key, row);
        }
      }
    }
    if (requests.size > 0) {
      const target = table('return_stats');
      await manager.query(
        `INSERT INTO ${target} AS t SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (product_id, size, reason, kind) DO UPDATE SET requests = t.requests + excluded.requests`,
        [JSON.stringify([...requests.values()])],
      );
    }
    if (sold.size > 0) {
      const target = table('return_units_sold');
      await manager.query(
        `INSERT INTO ${target} AS t SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (product_id, size) DO UPDATE SET sold = t.sold + excluded.sold`,
        [JSON.stringify([...sold.values()])],
      );
    }
  }
}
