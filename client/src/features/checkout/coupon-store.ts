import { removeKey, storedJson } from '../../lib/storage';

/** Browser storage contract (spec §3): the applied coupon under `apply_coupon`. */
export const COUPON_KEY = 'apply_coupon';
export const COUPON_UPDATED_EVENT = 'coupon-updated';

export interface StoredCoupon {
  discountPercent: number;
  discountAmount: number;
  grandTotal: number;
  subtotal: number;
  couponCode: string;
}

export function parseCoupon(raw: unknown): StoredCoupon | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const percent = Number(value.discountPercent);
  if (!Number.isFinite(percent) || typeof value.couponCode !== 'string') return null;
  return {
    discountPercent: percent,
    discountAmount: Number(value.discountAmount) || 0,
    grandTotal: Number(value.grandTotal) || 0,
    subtotal: Number(value.subtotal) || 0,
    couponCode: value.couponCode,
  };
}

const couponStore = storedJson(COUPON_KEY, COUPON_UPDATED_EVENT, parseCoupon);
export const readCoupon = couponStore.read;
export const saveCoupon: (coupon: StoredCoupon) => void = couponStore.save;
export const useStoredCoupon = couponStore.use;

export function clearCoupon(): void {
  removeKey(COUPON_KEY, COUPON_UPDATED_EVENT);
}
