import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { GetRunningOfferQuery } from '../../promotions/offers/offers.queries';
import { CheckoutBatcher } from './checkout-batcher';
import { PlaceOrderCommand, type PlaceOrderResult } from './place-order.command';

/**
 * Places a checkout through the batcher, which prices the cart from the catalog, decides on the current SKU
 * and coupon states and appends the order, every reservation and the redemption in one transaction, with the
 * idempotency record and the confirmation page's read model inside it (ADR 011, 014, 015, 017). Lines added
 * from the offer page carry the running lucky-draw offer's discount (ADR 051).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlaceOrderResult> {
  constructor(
    private readonly batcher: CheckoutBatcher,
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ checkout, idempotencyKey, meta }: PlaceOrderCommand): Promise<PlaceOrderResult> {
    // Lines from the offer page get the running offer's discount, as promotions states its rule.
    const offer = checkout.cart.some((line) => line.fromOffer) ? await this.queries.execute(new GetRunningOfferQuery(this.clock.now())) : null;
    return this.batcher.submit({ ...checkout, offer }, idempotencyKey, meta);
  }
}
