import { registerPersonalFields } from '../../event-store/personal-data/personal-data';
import { orderStreamId } from '../../ordering/published';

/**
 * A coupon use names the order's phones and household (the per-phone limit counts them), with the staff note of
 * the request that released it (a cancellation's reason): sealed under the key of the order it was used on
 * (ADR 053, 057), which is the account's when a signed-in customer placed it and the contact phone's for a guest.
 * Deleting an account thus erases the coupon uses of its own orders and never a number its holder only typed.
 * Uses recorded before issue 27 stay under the contact phone's key. After an erasure the use still counts towards
 * the coupon's total, no longer towards a phone.
 */
export function registerCouponPersonalFields(): void {
  const subject = (data: Record<string, unknown>) => (typeof data.orderId === 'string' && data.orderId ? { sameKeyAs: orderStreamId(data.orderId) } : null);
  registerPersonalFields('CouponRedeemed', { subject, paths: ['phone', 'shippingPhone', 'addressKey', 'placeKey'], metadataPaths: ['note'] });
  registerPersonalFields('CouponRedemptionReleased', { subject, paths: ['phone'], metadataPaths: ['note'] });
}
