import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponChangeResponse, CouponRules } from '../../../../../contracts/coupons';
import { apiPost } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

/** Create a coupon (admin only; recorded as `CouponCreated`); 409 when the code exists, 422 by field. */
export function createCoupon(coupon: CouponRules): Promise<CouponChangeResponse> {
  return apiPost<CouponChangeResponse>('/admin/coupons', coupon);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKeys.all }),
  });
}
