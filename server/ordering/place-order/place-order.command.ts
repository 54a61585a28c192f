import { Command } from '@nestjs/cqrs';
import type { RequestMetadata } from '../../common/request/request-metadata';
import type { PlaceOrder } from '../domain/checkout';

/** A checkout as validated at the edge; the order id, the time and the prices are the server's to add. */
export type CheckoutInput = Omit<PlaceOrder['data'], 'orderId' | 'now'>;

export interface PlaceOrderResult {
  orderId: string;
  /** True when the idempotency key had already made this order and nothing new was recorded. */
  replayed: boolean;
  /** Issue 30: the advance the new order waits for (0: none); unknown (absent) for a replayed checkout. */
  advancePaisa?: number;
}

/** Place a shopper's online order (confirm-order). */
export class PlaceOrderCommand extends Command<PlaceOrderResult> {
  constructor(
    readonly checkout: CheckoutInput,
    readonly idempotencyKey: string | null,
    readonly meta: RequestMetadata,
    /** The client address (the store's proxy settings decide it): the per-address budget of units counts it. */
    readonly clientAddress: string | null = null,
  ) {
    super();
  }
}
