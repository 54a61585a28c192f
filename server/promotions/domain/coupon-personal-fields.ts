import { registerPersonalFields } from '../../event-store/personal-data/personal-data';

/**
 * A coupon use names the order's phones (the per-phone limit counts them): sealed under the contact phone's key
 * (ADR 053), with the staff note of the request that released it (a cancellation's reason). After an erasure the
 * use still counts towards the coupon's total, no longer towards a phone.
 */
export function registerCouponPersonalFields(): void {
  const subject = (data: Record<string, unknown>) => (typeof data.phone === 'string' && data.phone ? { kind: 'phone' as const, phone: data.phone } : null);
  registerPersonalFields('CouponRedeemed', { subject, paths: ['phone', 'shippingPhone', 'addressKey', 'placeKey'], metadataPaths: ['note'] });
  registerPersonalFields('CouponRedemptionReleased', { subject, paths: ['phone'], metadataPaths: ['note'] });
}
