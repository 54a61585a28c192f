/** Coupon answers of the console (GET/POST /admin/coupons ...). */

/** A coupon's rules: the body of POST /admin/coupons, and part of every row. */
export interface CouponRules {
  code: string;
  /** Whole percent off the subtotal. */
  percent: number;
  /** ISO 8601. */
  validFrom: string;
  validUntil: string;
  /** Redemptions across all customers. */
  totalLimit: number;
  /** Redemptions per phone number. */
  perPhoneLimit: number;
  /**
   * Only a checkout whose contact phone is proven by an SMS code may use it, and the proven phone is then who
   * the per-phone limit counts (issue 27). Absent in a request: false.
   */
  requiresVerifiedPhone?: boolean;
}

/** The body of PATCH /admin/coupons/{code}: what may change on an existing coupon. */
export interface CouponEdit {
  requiresVerifiedPhone: boolean;
}

export interface CouponRow extends CouponRules {
  requiresVerifiedPhone: boolean;
  /** Uses held by orders now (a cancelled order's use is given back). */
  uses: number;
  disabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

export interface CouponRedemptionRow {
  orderId: string;
  phone: string;
  percent: number;
  redeemedAt: string;
  /** The order was cancelled and its use given back. */
  released: boolean;
  releasedAt: string | null;
  releaseReason: string | null;
}

export interface CouponChangeResponse {
  success: boolean;
  message: string;
  data: { code: string; version: number };
}
