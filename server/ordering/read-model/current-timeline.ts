import { Injectable } from '@nestjs/common';
import { EventStore } from '../../event-store/event-store';
import { orderStreamId } from '../domain/order-id';
import { timelineRows } from '../projections/order-timeline.projection';
import { OrderReadModel, type OrderTimelineEntry } from './order-read-model';

/**
 * An order's timeline as far as its row goes. The order's row is written in the append's transaction, the
 * timeline by a projection a moment later: read alone, the timeline could say "out for delivery" beside a row
 * that says delivered. Events past the projected ones, up to the row's version, are read from the order's
 * stream and turned into timeline rows the way the projection turns them, so the shopper's tracking page and
 * care's parcel panel show the order as its row does.
 */
@Injectable()
export class CurrentTimeline {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly eventStore: EventStore,
  ) {}

  async of(order: { order_id: string; version: number }): Promise<OrderTimelineEntry[]> {
    const projected = await this.orders.timeline(order.order_id);
    const seen = projected.at(-1)?.stream_position ?? 0;
    if (seen >= order.version) return projected;
    const trailing = await this.eventStore.readStream(orderStreamId(order.order_id), { fromVersion: seen });
    const rows = timelineRows(trailing.filter((event) => event.streamPosition <= order.version));
    return [...projected, ...rows.map(({ order_id: _orderId, occurred_at, ...row }) => ({ ...row, occurred_at: new Date(occurred_at) }))];
  }
}
