import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { eventMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { quoteIdentifier } from '../../event-store/projection';
import { Inject } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import { orderPhones } from '../domain/checkout-limits';
import { skuStatesOf } from '../domain/loaded-states';
import { decideInstantOrder, instantOrderStreams, type PlaceInstantOrder } from '../domain/instant-order';
import { newOrderId, orderStreamId } from '../domain/order-id';
import { CatalogLookup } from '../place-order/catalog-lookup';
import { writeOrderTracking } from '../projections/order-tracking.writer';
import { PlaceInstantOrderCommand } from './place-instant-order.command';

@CommandHandler(PlaceInstantOrderCommand)
export class PlaceInstantOrderHandler implements ICommandHandler<PlaceInstantOrderCommand, { orderId: string }> {
  constructor(
    private readonly catalog: CatalogLookup,
    private readonly writer: CommandPath,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ order, meta }: PlaceInstantOrderCommand): Promise<{ orderId: string }> {
    const { products, limits, phones } = await this.catalog.forProducts(order.lines.map((line) => line.productId), orderPhones(order.customer));
    const skuIds = instantOrderStreams(order.lines);
    return this.writer.write(skuIds, async (attempt) => {
      const command: PlaceInstantOrder = { type: 'PlaceInstantOrder', data: { ...order, orderId: newOrderId(), now: this.clock.now() } };
      const streams = decideInstantOrder(command, { products, limits, phones, skus: skuStatesOf(await attempt.load(skuIds)) });
      const orderStream = orderStreamId(command.data.orderId);
      await attempt.append(streams, eventMetadata(meta), (manager, result) =>
        writeOrderTracking(manager, quoteIdentifier, result.events.filter((event) => event.streamId === orderStream)),
      );
      return { orderId: command.data.orderId };
    });
  }
}
