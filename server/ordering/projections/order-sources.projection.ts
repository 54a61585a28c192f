import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { OrderPlaced } from '../domain/order.events';

/** A row of `order_sources`: where one order placed online came from (issue 33). */
interface OrderSourceRow {
  order_id: string;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  placed_at: string;
}

/**
 * `order_sources`: each order the shop's checkout placed, with the channel its `OrderPlaced` recorded (no
 * attribution: `direct`) and the UTM words, for the dashboard's orders and revenue by source. Orders care
 * takes by phone (`InstantOrderPlaced`) are not counted: the shop never saw where those shoppers came from.
 * One statement per batch; an order placed once is never rewritten, so a replay changes nothing.
 */
export class OrderSourcesProjection implements Projection {
  readonly name = 'order-sources';
  readonly tables = ['order_sources'];
  readonly eventTypes = ['OrderPlaced'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const rows: OrderSourceRow[] = [];
    for (const event of events) {
      if (event.type !== 'OrderPlaced' || !event.streamId.startsWith('order-')) continue;
      const data = event.data as OrderPlaced['data'];
      const attribution = data.attribution;
      rows.push({
        order_id: data.orderId,
        source: attribution?.source ?? 'direct',
        utm_source: attribution?.utmSource ?? null,
        utm_medium: attribution?.utmMedium ?? null,
        utm_campaign: attribution?.utmCampaign ?? null,
        placed_at: data.placedAt,
      });
    }
    if (rows.length === 0) return;
    const target = table('order_sources');
    await manager.query(
      `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb) ON CONFLICT (order_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
