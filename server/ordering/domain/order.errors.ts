import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationFailedError } from '../../common/errors/domain-error';
import type { OrderStatus, StatusStep } from './order-status';

/** The one answer for a wrong id and a wrong phone alike, so a lookup never confirms an id exists. */
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found or invalid information';

export class OrderNotFound extends NotFoundError {
  constructor() {
    super(ORDER_NOT_FOUND_MESSAGE);
  }
}

/** A status step the state machine does not allow from where the order is. */
export class TransitionNotAllowed extends ConflictError {
  constructor(
    readonly step: StatusStep,
    readonly from: OrderStatus,
  ) {
    super(`An order that is ${from} cannot be ${STEP_PARTICIPLES[step]}.`);
  }
}

const STEP_PARTICIPLES: Record<StatusStep, string> = {
  confirm: 'confirmed',
  startProcessing: 'moved to processing',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  return: 'returned',
  expire: 'expired',
  withdraw: 'cancelled by the customer',
};

/** A line asks for more than the SKU has: the whole order fails, naming product and size (issue 3). */
export class ProductOutOfStock extends ConflictError {
  constructor(
    readonly productName: string,
    readonly size: string,
    readonly available: number,
    field: string,
  ) {
    const message = `Out of Stock: ${productName} (Size: ${size}) ${available > 0 ? `has only ${available} left` : 'is not available'}.`;
    super(message, { [field]: [message] });
    this.withCode(available > 0 ? 'out-of-stock-left' : 'out-of-stock', { product: productName, size, available });
  }
}

/** A rule about the order itself (unknown product, delivery charge, bKash details ...): a 422 on one field. */
export class OrderRuleViolation extends ValidationFailedError {
  constructor(field: string, message: string) {
    super({ [field]: [message] });
  }
}

/** Every step a staff member takes needs the order to exist; a missing one is a 404 for staff too. */
export class UnknownOrder extends NotFoundError {
  constructor(orderId: string) {
    super(`Order ${orderId} does not exist.`);
  }
}

/** Retry-After of a per-phone refusal: an open order closes when it is delivered, cancelled or expires. */
export const OPEN_ORDERS_RETRY_AFTER_SECONDS = 60 * 60;

/** The phone already has as many open cash-on-delivery orders as the store allows (issue 14). */
export class TooManyOpenOrders extends TooManyRequestsError {
  constructor(readonly open: number) {
    super(
      `This phone number already has ${open} cash on delivery ${open === 1 ? 'order' : 'orders'} waiting for delivery. ` +
        'Please wait until they arrive, or call us to add to an order.',
      OPEN_ORDERS_RETRY_AFTER_SECONDS,
    );
    this.withCode('too-many-open-orders', { open });
  }
}

export const PHONE_BLOCKED_MESSAGE = 'We cannot take orders for this phone number. Please call our customer care.';

/** Care or admin blocked the phone (PhoneBlocked): every new order for it is refused with its own message. */
export class PhoneBlocked extends ForbiddenError {
  constructor() {
    super(PHONE_BLOCKED_MESSAGE, { phone: [PHONE_BLOCKED_MESSAGE] });
  }
}

/** An expiry asked for before the order's pending lifetime is over (the setting grew since it was scheduled). */
export class OrderNotDueToExpire extends ConflictError {
  constructor(orderId: string) {
    super(`Order ${orderId} is not due to expire yet.`);
  }
}
