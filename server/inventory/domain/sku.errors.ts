import { BadRequestError, ConflictError } from '../../common/errors/domain-error';

/**
 * Commands the SKU's rules refuse. They are 409s (the stock changed or is not there) through the common
 * error filter; each carries a stable `code` and the numbers a caller needs to explain the refusal.
 */

/** More units asked for than are available. Carries what is available so the answer can say so. */
export class OutOfStock extends ConflictError {
  override readonly code = 'out-of-stock';
  constructor(
    readonly productId: number,
    readonly size: string,
    readonly requested: number,
    readonly available: number,
  ) {
    super(`Only ${available} of product ${productId} in size ${size} available, ${requested} requested`);
  }
}

/** An adjustment would take available stock below zero (reserved units cannot be adjusted away). */
export class StockWouldGoNegative extends ConflictError {
  override readonly code = 'stock-would-go-negative';
  constructor(
    readonly delta: number,
    readonly available: number,
  ) {
    super(`Adjusting by ${delta} would leave ${available + delta} available`);
  }
}

/** A release that does not match what the order holds on this SKU (a second cancel, another order's units). */
export class NoSuchReservation extends ConflictError {
  override readonly code = 'no-such-reservation';
  constructor(
    readonly orderId: string,
    readonly requested: number,
    readonly held: number,
  ) {
    super(`Order ${orderId} holds ${held} unit(s) here, cannot release ${requested}`);
  }
}

/** Malformed command input: non-positive or fractional quantity, zero delta, empty reason or order id. */
export class InvalidStockCommand extends BadRequestError {
  override readonly code = 'invalid-stock-command';
}
