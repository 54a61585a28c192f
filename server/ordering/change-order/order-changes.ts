import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '../../event-store/event-store.types';
import { quoteIdentifier } from '../../event-store/projection';
import { CommandPath } from '../../event-store/command-path/command-path';
import { fold } from '../../event-store/command-path/decider';
import { couponStateOf, creditStatesOf, orderStateOf, skuStatesOf } from '../domain/loaded-states';
import { orderDecider, type OrderCommand } from '../domain/order';
import type { OrderEvent } from '../domain/order.events';
import { decideOrderChange, orderChangeStreams } from '../domain/order-change';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import { UnknownOrder } from '../domain/order.errors';
import type { OrderStatus } from '../domain/order-status';
import { writeOrderTracking } from '../projections/order-tracking.writer';

/** The order's lines changed between reading what a step touches and locking it: read again. */
class LinesChangedMeanwhile extends Error {}

export interface OrderChangeResult {
  orderId: string;
  status: OrderStatus;
}

/**
 * What every staff step shares, through the command path: fold the order, find what the step releases (SKU and
 * coupon streams), lock and fold those, decide, append all in one transaction. The tracking row is updated
 * in the same transaction so care sees the new status at once.
 */
@Injectable()
export class OrderChanges {
  constructor(private readonly writer: CommandPath) {}

  async apply(command: OrderCommand, metadata: EventMetadata): Promise<OrderChangeResult> {
    const orderId = normalizeOrderId(command.data.orderId);
    if (!orderId) throw new UnknownOrder(String(command.data.orderId));
    const normalized = { ...command, data: { ...command.data, orderId } } as OrderCommand;
    const orderStream = orderStreamId(orderId);
    // What the step touches is read before locking; an amendment may change the lines meanwhile, then read again.
    for (let round = 1; ; round++) {
      const touched = orderChangeStreams(normalized, orderStateOf(await this.writer.read([orderStream]), orderStream));
      try {
        return await this.applyOn(normalized, orderStream, touched, metadata);
      } catch (error) {
        if (!(error instanceof LinesChangedMeanwhile) || round >= 3) throw error;
      }
    }
  }

  private applyOn(normalized: OrderCommand, orderStream: string, touched: { skus: string[]; coupon: string | null; credit: string | null }, metadata: EventMetadata): Promise<OrderChangeResult> {
    const orderId = normalized.data.orderId;
    const others = [...touched.skus, ...(touched.coupon ? [touched.coupon] : []), ...(touched.credit ? [touched.credit] : [])];
    return this.writer.write([orderStream, ...others], async (attempt) => {
      const loaded = await attempt.load([orderStream, ...others]);
      const order = orderStateOf(loaded, orderStream);
      if (orderChangeStreams(normalized, order).skus.some((sku) => !others.includes(sku))) throw new LinesChangedMeanwhile();
      const streams = decideOrderChange(normalized, { order, skus: skuStatesOf(loaded, orderId), coupon: couponStateOf(loaded, touched.coupon), credit: touched.credit ? (creditStatesOf(loaded).get(touched.credit) ?? null) : null });
      // A step that changes nothing (a courier's step already recorded, issue 29) appends nothing.
      if (streams.every((stream) => stream.events.length === 0)) return { orderId, status: order.status === 'none' ? 'pending' : order.status };
      await attempt.append(streams, metadata, (manager, result) =>
        writeOrderTracking(manager, quoteIdentifier, result.events.filter((event) => event.streamId === orderStream)),
      );
      const after = fold(orderDecider, streams[0].events as OrderEvent[], order);
      return { orderId, status: after.status === 'none' ? 'pending' : after.status };
    });
  }
}
