/** Coupon codes are case-insensitive for shoppers; stored and streamed uppercased. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The one place that spells a coupon stream id. Same format as the seed's `couponStreamId`. */
export function couponStreamId(code: string): string {
  return `coupon-${normalizeCouponCode(code)}`;
}
