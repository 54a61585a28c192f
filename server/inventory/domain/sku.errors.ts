import { BadRequestError, ConflictError } from '../../common/errors/domain-error';

/**
 * Commands the SKU's rules refuse. They are 409s (the stock changed or is not there) through the common
 * error filter; each carries a stable `code` and the numbers a caller needs to explain the refusal.
 */

/** More units asked for than are available. Carries what is available so the answer can say so. */
export class OutOfStock extends ConflictError<'out-of-stock'> {
  constructor(
    readonly productId: number,
    readonly size: string,
    readonly requested: number,
    readonly available: number,
  ) {
    // Ordering turns this into ProductOutOfStock, which names the product; this one never reaches a shopper.
    super('out-of-stock', { product: `product ${productId}`, size });
  }
}

/** An adjustment would take available stock below zero (reserved units cannot be adjusted away). */
export class StockWouldGoNegative extends ConflictError<'stock-would-go-negative'> {
  constructor(
    readonly delta: number,
    readonly available: number,
  ) {
    super('stock-would-go-negative', { delta, left: available + delta });
  }
}

/** A release that does not match what the order holds on this SKU (a second cancel, another order's units). */
export class NoSuchReservation extends ConflictError<'no-such-reservation'> {
  constructor(
    readonly orderId: string,
    readonly requested: number,
    readonly held: number,
  ) {
    super('no-such-reservation', { orderId, held, requested });
  }
}

/** Malformed command input: non-positive or fractional quantity, zero delta, empty reason or order id. */
export class InvalidStockCommand<C extends 'stock-adjustment-invalid' | 'stock-quantity-invalid' | 'stock-field-required'> extends BadRequestError<C> {}
