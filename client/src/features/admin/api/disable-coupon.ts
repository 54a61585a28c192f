import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { CouponChangeAnswer } from './create-coupon';

/** Disable a coupon with a reason (admin only; recorded as `CouponDisabled`); 409 when already disabled. */
export function disableCoupon({ code, reason }: { code: string; reason: string }): Promise<CouponChangeAnswer> {
  return apiPost<CouponChangeAnswer>(`/admin/coupons/${encodeURIComponent(code)}/disable`, { reason });
}

export function useDisableCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}
