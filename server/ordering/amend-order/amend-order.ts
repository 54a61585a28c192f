import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { quoteIdentifier } from '../../event-store/projection';
import { orderStateOf, skuStatesOf } from '../domain/loaded-states';
import { amendmentStreams, decideAmendment, type Amendment } from '../domain/order-amendment';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import { UnknownOrder } from '../domain/order.errors';
import { CatalogLookup } from '../place-order/catalog-lookup';
import { writeOrderTracking } from '../projections/order-tracking.writer';

export interface AmendOrderResult {
  orderId: string;
  grandTotalPaisa: number | null;
}

/** Care changes an order on the customer's request: shipping details, a line's size or quantity, a line added or removed. */
export class AmendOrderCommand extends Command<AmendOrderResult> {
  constructor(
    readonly orderId: string,
    readonly change: Amendment,
    readonly reason: string,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}

/**
 * Reads the catalog (prices, sizes, caps, the new phone's block), then through the command path folds the
 * order and the SKU streams the change touches, decides, and appends the amendment with every reservation and
 * release at the versions read, the tracking row updated in the same transaction (issue 14).
 */
@CommandHandler(AmendOrderCommand)
@Injectable()
export class AmendOrderHandler implements ICommandHandler<AmendOrderCommand, AmendOrderResult> {
  constructor(
    private readonly commands: CommandPath,
    private readonly catalog: CatalogLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ orderId: rawId, change, reason, meta }: AmendOrderCommand): Promise<AmendOrderResult> {
    const orderId = normalizeOrderId(rawId);
    if (!orderId) throw new UnknownOrder(String(rawId));
    const orderStream = orderStreamId(orderId);
    const skus = amendmentStreams(change);
    const { products, limits, phones, delivery } = await this.catalog.forProducts(
      change.kind === 'shipping' ? [] : [change.productId],
      change.kind === 'shipping' && change.shippingPhone ? [change.shippingPhone] : [],
    );
    return this.commands.write([orderStream, ...skus], async (attempt) => {
      const loaded = await attempt.load([orderStream, ...skus]);
      const order = orderStateOf(loaded, orderStream);
      const streams = decideAmendment(
        { type: 'AmendOrder', data: { orderId, now: this.clock.now(), reason, change } },
        { order, skus: skuStatesOf(loaded, orderId), products, limits, phones, delivery },
      );
      await attempt.append(streams, eventMetadata(meta, { note: reason.trim() }), (manager, result) =>
        writeOrderTracking(manager, quoteIdentifier, result.events.filter((event) => event.streamId === orderStream)),
      );
      const event = streams[0].events[0].data as { totals?: { grandTotalPaisa: number } };
      return { orderId, grandTotalPaisa: event.totals?.grandTotalPaisa ?? null };
    });
  }
}
