/** Coupon answers of the console (GET/POST /admin/coupons ...). */

export interface CouponRow {
  code: string;
  percent: number;
  validFrom: string;
  validUntil: string;
  totalLimit: number;
  perPhoneLimit: number;
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
