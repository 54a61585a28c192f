import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface NewCoupon {
  code: string;
  percent: number;
  /** ISO 8601. */
  validFrom: string;
  validUntil: string;
  totalLimit: number;
  perPhoneLimit: number;
}

export interface CouponChangeAnswer {
  success: boolean;
  message: string;
  data: { code: string; version: number };
}

/** Create a coupon (admin only; recorded as `CouponCreated`); 409 when the code exists, 422 by field. */
export function createCoupon(coupon: NewCoupon): Promise<CouponChangeAnswer> {
  return apiPost<CouponChangeAnswer>('/admin/coupons', coupon);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}
