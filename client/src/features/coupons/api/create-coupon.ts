import type { CouponChangeResponse, CouponRules } from '../../../../../contracts/coupons';
import { useConsoleMutation } from '../../console-kit/console-query';
import { couponsKeys } from './coupons-keys';

/** `POST /admin/coupons` (admin only; recorded as `CouponCreated`); 409 when the code exists, 422 by field. */
export function useCreateCoupon() {
  return useConsoleMutation<CouponRules, CouponChangeResponse>(() => '/admin/coupons', (coupon) => coupon, () => [couponsKeys.all]);
}
