import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CheckoutBatcher } from './checkout-batcher';
import { PlaceOrderCommand, type PlaceOrderResult } from './place-order.command';

/**
 * Places a checkout through the batcher, which prices the cart from the catalog, decides on the current SKU
 * and coupon states and appends the order, every reservation and the redemption in one transaction, with the
 * idempotency record and the confirmation page's read model inside it (ADR 011, 014, 015, 017).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlaceOrderResult> {
  constructor(private readonly batcher: CheckoutBatcher) {}

  execute({ checkout, idempotencyKey, meta }: PlaceOrderCommand): Promise<PlaceOrderResult> {
    return this.batcher.submit(checkout, idempotencyKey, meta);
  }
}
