import type { CouponChangeResponse, CouponEdit } from '../../../../../contracts/coupons';
import { useConsoleMutation } from '../../console-kit/console-query';
import { couponsKeys } from './coupons-keys';

/** `PATCH /admin/coupons/{code}`: whether the coupon needs a proven phone (admin only; recorded as `CouponPhoneProofChanged`). */
export function useEditCoupon() {
  return useConsoleMutation<CouponEdit & { code: string }, CouponChangeResponse>(
    ({ code }) => `/admin/coupons/${encodeURIComponent(code)}`,
    ({ requiresVerifiedPhone }) => ({ requiresVerifiedPhone }),
    () => [couponsKeys.all],
    { method: 'PATCH' },
  );
}
