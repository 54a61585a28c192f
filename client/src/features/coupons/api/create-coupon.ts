import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponChangeResponse } from '../../../../../contracts/coupons';
import { apiPost } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

export interface NewCoupon {
  code: string;
  percent: number;
  /** ISO 8601. */
  validFrom: string;
  validUntil: string;
  totalLimit: number;
  perPhoneLimit: number;
}

/** Create a coupon (admin only; recorded as `CouponCreated`); 409 when the code exists, 422 by field. */
export function createCoupon(coupon: NewCoupon): Promise<CouponChangeResponse> {
  return apiPost<CouponChangeResponse>('/admin/coupons', coupon);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKeys.all }),
  });
}
