import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface ApplyCouponResponse {
  success?: boolean;
  /** Percent of the subtotal. */
  discount: number;
  coupon_code?: string;
  message?: string;
}

/** `POST /public/apply-coupon {coupon_code}`: the percent, or a 422 saying why the code is refused. */
export function applyCoupon(couponCode: string, phone?: string, { signal }: { signal?: AbortSignal } = {}): Promise<ApplyCouponResponse> {
  return apiPost<ApplyCouponResponse>('/public/apply-coupon', { coupon_code: couponCode, ...(phone ? { phone } : {}) }, { signal });
}

export function useApplyCoupon() {
  return useMutation({ mutationFn: ({ couponCode, phone }: { couponCode: string; phone?: string }) => applyCoupon(couponCode, phone) });
}
