import { ValidationFailedError } from '../../common/errors/domain-error';

export type CouponRefusal = 'unknown' | 'disabled' | 'not-yet-valid' | 'expired' | 'used-up' | 'used-by-phone' | 'phone-not-verified';

/** What the shopper reads for each refusal (spec §8: the client shows the server's message). */
export const COUPON_REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  unknown: 'Invalid coupon code.',
  disabled: 'This coupon is no longer available.',
  'not-yet-valid': 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  'used-up': 'This coupon has reached its usage limit.',
  'used-by-phone': 'You have already used this coupon the maximum number of times.',
  'phone-not-verified': 'This coupon needs a verified phone number.',
};

/** A coupon the rules refuse; a 422 on the field the code came in (`coupon_code` or `coupon`). */
export class CouponRejected extends ValidationFailedError {
  constructor(
    readonly reason: CouponRefusal,
    readonly field = 'coupon_code',
  ) {
    super({ [field]: [COUPON_REFUSAL_MESSAGES[reason]] });
  }

  /** The same refusal reported on another request field. */
  onField(field: string): CouponRejected {
    return new CouponRejected(this.reason, field);
  }
}

/** A release of a use the order never made (or already gave back): a bug in the caller, never a shopper error. */
export class NoSuchRedemption extends Error {
  constructor(readonly orderId: string) {
    super(`Order ${orderId} holds no use of this coupon`);
    this.name = 'NoSuchRedemption';
  }
}
