import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '../../event-store/event-store.types';
import { quoteIdentifier } from '../../event-store/projection';
import { CommandPath } from '../../event-store/command-path/command-path';
import { fold } from '../../event-store/command-path/decider';
import { couponStateOf, orderStateOf, skuStatesOf } from '../domain/loaded-states';
import { orderDecider, type OrderCommand } from '../domain/order';
import type { OrderEvent } from '../domain/order.events';
import { decideOrderChange, orderChangeStreams } from '../domain/order-change';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import { UnknownOrder } from '../domain/order.errors';
import type { OrderStatus } from '../domain/order-status';
import { writeOrderTracking } from '../projections/order-tracking.writer';

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
    // Lines and coupon never change after placement, so what the step touches is known before locking.
    const touched = orderChangeStreams(normalized, orderStateOf(await this.writer.read([orderStream]), orderStream));
    const others = touched.coupon ? [...touched.skus, touched.coupon] : touched.skus;
    return this.writer.write([orderStream, ...others], async (attempt) => {
      const loaded = await attempt.load([orderStream, ...others]);
      const order = orderStateOf(loaded, orderStream);
      const streams = decideOrderChange(normalized, { order, skus: skuStatesOf(loaded, orderId), coupon: couponStateOf(loaded, touched.coupon) });
      await attempt.append(streams, metadata, (manager, result) =>
        writeOrderTracking(manager, quoteIdentifier, result.events.filter((event) => event.streamId === orderStream)),
      );
      const after = fold(orderDecider, streams[0].events as OrderEvent[], order);
      return { orderId, status: after.status === 'none' ? 'pending' : after.status };
    });
  }
}
