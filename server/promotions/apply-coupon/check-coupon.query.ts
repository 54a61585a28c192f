import { Query } from '@nestjs/cqrs';

export interface CouponCheck {
  code: string;
  percent: number;
}

/**
 * Whether a code may be used now (apply-coupon). Checkout redeems it again under the stream's expected
 * version, so this answer is advice for the cart page, never the redemption.
 */
export class CheckCouponQuery extends Query<CouponCheck> {
  constructor(
    readonly code: string,
    /** The shopper's phone, when the page knows it: then the per-phone limit is checked too. */
    readonly phone: string | null,
  ) {
    super();
  }
}
