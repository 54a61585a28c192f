/**
 * Facts about one coupon, recorded on stream `coupon-<CODE>` (code uppercased, see `couponStreamId`).
 * Folded by the coupon decider (`coupon.ts`) whenever an order redeems or gives back a use.
 */

/**
 * A coupon came into existence with its rules. Fires when staff (or the demo seed, `server/seed/demo-coupon.ts`)
 * create a coupon. Consumed by the coupon decider (checkout, apply-coupon). Dates are ISO 8601 strings.
 */
export type CouponCreated = {
  type: 'CouponCreated';
  data: {
    code: string;
    /** Whole percent off the subtotal, 1-100. */
    percent: number;
    validFrom: string;
    validUntil: string;
    /** Redemptions across all customers. */
    totalLimit: number;
    /**
     * Redemptions per customer as a phone number tells them apart (the one identity every order has, guest or
     * not): uses sharing the contact phone, the shipping phone or the delivery address count together.
     */
    perPhoneLimit: number;
    /**
     * Only a checkout whose contact phone is proven by the SMS phone proof may redeem it, and the proven phone
     * is then the identity the per-phone limit counts (issue 27). Absent: false; changed by
     * `CouponPhoneProofChanged`.
     */
    requiresVerifiedPhone?: boolean;
  };
};

/**
 * An order used the coupon. Fires at checkout, in the same append as the order's `OrderPlaced`, so a use is
 * counted exactly when the order exists. Consumed by the coupon decider (limits) and the order read models.
 */
export type CouponRedeemed = {
  type: 'CouponRedeemed';
  data: {
    code: string;
    orderId: string;
    /** The order's contact phone, normalised (digits, 0-prefixed). */
    phone: string;
    /** The shipping phone when it differs from the contact phone (since issue 15). */
    shippingPhone?: string;
    /** Hash of a delivery address's words as written (coupon-identity.ts; issue 15 until issue 27). */
    addressKey?: string;
    /** Hash of the canonical delivery address, when precise enough to be one household's (address-identity.ts; since issue 27). */
    placeKey?: string;
    /** The checkout proved the contact phone by the SMS phone proof (since issue 27; absent: not proven). */
    phoneVerified?: true;
    percent: number;
    redeemedAt: string;
  };
};

/**
 * An order's use of the coupon was given back because the order was cancelled before shipping. Fires in the
 * same append as `OrderCancelled`. Consumed by the coupon decider: the use no longer counts against limits.
 */
export type CouponRedemptionReleased = {
  type: 'CouponRedemptionReleased';
  data: { code: string; orderId: string; phone: string; reason: string };
};

/**
 * Staff withdrew the coupon: no further use is accepted, whatever its window and limits say. Fires when an admin
 * disables the code in the operations console (`POST /api/admin/coupons/:code/disable`); the staff member is the
 * event's actor and the reason is also its metadata note. Consumed by the coupon decider (apply-coupon and
 * checkout refuse the code; uses already made stay, and a cancelled order may still give its use back) and by
 * the console's coupon list.
 */
export type CouponDisabled = {
  type: 'CouponDisabled';
  data: { code: string; reason: string };
};

/**
 * Staff changed whether the coupon needs a proven phone (issue 27). Fires from
 * `PATCH /api/admin/coupons/:code`; the staff member is the event's actor. Consumed by the coupon decider and
 * the console's coupon list. Uses already made stay.
 */
export type CouponPhoneProofChanged = {
  type: 'CouponPhoneProofChanged';
  data: { code: string; requiresVerifiedPhone: boolean };
};

export type CouponEvent = CouponCreated | CouponRedeemed | CouponRedemptionReleased | CouponDisabled | CouponPhoneProofChanged;
