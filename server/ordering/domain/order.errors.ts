import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
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
