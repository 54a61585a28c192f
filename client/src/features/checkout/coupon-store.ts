import { readJson, removeKey, useStoredJson, writeJson } from '../../lib/storage';

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

export function readCoupon(): StoredCoupon | null {
  return parseCoupon(readJson<unknown>(COUPON_KEY, null));
}

export function saveCoupon(coupon: StoredCoupon): void {
  writeJson(COUPON_KEY, coupon, COUPON_UPDATED_EVENT);
}

export function clearCoupon(): void {
  removeKey(COUPON_KEY, COUPON_UPDATED_EVENT);
}

export function useStoredCoupon(): StoredCoupon | null {
  return useStoredJson(COUPON_KEY, COUPON_UPDATED_EVENT, parseCoupon);
}
