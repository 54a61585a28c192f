import type { ErrorCode, ErrorParams, ParamsArg } from '../../../contracts/errors';
import { ConflictError, ForbiddenError, issue, NotFoundError, TooManyRequestsError, ValidationFailedError } from '../../common/errors/domain-error';
import type { OrderStatus, StatusStep } from './order-status';

/** The one answer for a wrong id and a wrong phone alike, so a lookup never confirms an id exists. */
export class OrderNotFound extends NotFoundError<'order-not-found'> {
  constructor() {
    super('order-not-found');
  }
}

/** A status step the state machine does not allow from where the order is. */
export class TransitionNotAllowed extends ConflictError<'transition-not-allowed'> {
  constructor(
    readonly step: StatusStep,
    readonly from: OrderStatus,
  ) {
    super('transition-not-allowed', { status: from, step: STEP_PARTICIPLES[step] });
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
export class ProductOutOfStock extends ConflictError<'out-of-stock' | 'out-of-stock-left'> {
  constructor(
    readonly productName: string,
    readonly size: string,
    readonly available: number,
    field: string,
  ) {
    // Each pair is checked against its code; the union of the two is what the constructor cannot check.
    const args =
      available > 0
        ? (['out-of-stock-left', { product: productName, size, available }] satisfies ['out-of-stock-left', ...ParamsArg<'out-of-stock-left'>])
        : (['out-of-stock', { product: productName, size }] satisfies ['out-of-stock', ...ParamsArg<'out-of-stock'>]);
    super(...(args as ['out-of-stock' | 'out-of-stock-left', ErrorParams<'out-of-stock'>]));
    this.onField(field);
  }
}

/** A rule about the order itself (unknown product, delivery charge, bKash details ...): a 422 on one field. */
export class OrderRuleViolation<C extends ErrorCode = ErrorCode> extends ValidationFailedError {
  constructor(field: string, code: C, ...params: ParamsArg<C>) {
    super({ [field]: [issue(code, ...params)] });
  }
}

/** Every step a staff member takes needs the order to exist; a missing one is a 404 for staff too. */
export class UnknownOrder extends NotFoundError<'order-unknown'> {
  constructor(orderId: string) {
    super('order-unknown', { orderId });
  }
}

/** Retry-After of a per-phone refusal: an open order closes when it is delivered, cancelled or expires. */
export const OPEN_ORDERS_RETRY_AFTER_SECONDS = 60 * 60;

/** The phone already has as many open cash-on-delivery orders as the store allows (issue 14). */
export class TooManyOpenOrders extends TooManyRequestsError<'too-many-open-orders'> {
  constructor(readonly open: number) {
    super(OPEN_ORDERS_RETRY_AFTER_SECONDS, 'too-many-open-orders', { open });
  }
}

/**
 * The phone already has as many open orders as the store allows, and some of them are bKash orders whose payment
 * care has not verified yet (issue 27): a transaction id is only a claim until care has checked it.
 */
export class TooManyUnpaidOrders extends TooManyRequestsError<'too-many-unpaid-orders'> {
  constructor(readonly open: number) {
    super(OPEN_ORDERS_RETRY_AFTER_SECONDS, 'too-many-unpaid-orders', { open });
  }
}

/** The client address already holds as many units in unconfirmed orders of the last hour as the store allows (issue 27). */
export class TooManyUnitsHeld extends TooManyRequestsError<'too-many-units-held'> {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'too-many-units-held', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
  }
}

/** Care or admin blocked the phone (PhoneBlocked): every new order for it is refused with its own message. */
export class PhoneBlocked extends ForbiddenError<'phone-blocked'> {
  constructor() {
    super('phone-blocked');
    this.onField('phone');
  }
}

/** An expiry asked for before the order's pending lifetime is over (the setting grew since it was scheduled). */
export class OrderNotDueToExpire extends ConflictError<'order-not-due-to-expire'> {
  constructor(orderId: string) {
    super('order-not-due-to-expire', { orderId });
  }
}
