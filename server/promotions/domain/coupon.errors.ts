import type { ErrorCode } from '../../../contracts/errors';
import { issue, ValidationFailedError } from '../../common/errors/domain-error';

export type CouponRefusal = 'unknown' | 'disabled' | 'not-yet-valid' | 'expired' | 'used-up' | 'used-by-phone' | 'phone-not-verified';

/** The code of each refusal; the shopper reads its message (spec §8: the client shows the server's message). */
export const COUPON_REFUSAL_CODES = {
  unknown: 'coupon-invalid',
  disabled: 'coupon-disabled',
  'not-yet-valid': 'coupon-not-yet-valid',
  expired: 'coupon-expired',
  'used-up': 'coupon-used-up',
  'used-by-phone': 'coupon-used-by-phone',
  'phone-not-verified': 'coupon-phone-not-verified',
} as const satisfies Record<CouponRefusal, ErrorCode>;

/** A coupon the rules refuse; a 422 on the field the code came in (`coupon_code` or `coupon`). */
export class CouponRejected extends ValidationFailedError {
  constructor(
    readonly reason: CouponRefusal,
    readonly field = 'coupon_code',
  ) {
    super({ [field]: [issue(COUPON_REFUSAL_CODES[reason])] });
  }

  /** The same refusal reported on another request field. */
  override onField(field: string): this {
    return new CouponRejected(this.reason, field) as this;
  }
}

/** A release of a use the order never made (or already gave back): a bug in the caller, never a shopper error. */
export class NoSuchRedemption extends Error {
  constructor(readonly orderId: string) {
    super(`Order ${orderId} holds no use of this coupon`);
    this.name = 'NoSuchRedemption';
  }
}
