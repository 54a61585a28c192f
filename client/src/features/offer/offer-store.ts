import { readJson, writeJson } from '../../lib/storage';

/** Browser storage contract (spec §2 Offer page): the page saves `coupon-offer`; checkout sends it along. */
export const COUPON_OFFER_KEY = 'coupon-offer';

/** The code attached to lines added from the offer page (spec: "may attach a coupon_code to the line"). */
export const OFFER_COUPON_CODE = 'LUCKY-DRAW';

export interface CouponOffer {
  coupon_code: string;
  offer: string;
  saved_at: string;
}

export function saveCouponOffer(now = new Date()): CouponOffer {
  const offer: CouponOffer = { coupon_code: OFFER_COUPON_CODE, offer: 'lucky-draw', saved_at: now.toISOString() };
  writeJson(COUPON_OFFER_KEY, offer);
  return offer;
}

export function readCouponOffer(): CouponOffer | null {
  const stored = readJson<unknown>(COUPON_OFFER_KEY, null);
  return typeof stored === 'object' && stored !== null && typeof (stored as CouponOffer).coupon_code === 'string' ? (stored as CouponOffer) : null;
}
