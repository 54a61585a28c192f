import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponChangeResponse } from '../../../../../contracts/coupons';
import { apiPost } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

/** Disable a coupon with a reason (admin only; recorded as `CouponDisabled`); 409 when already disabled. */
export function disableCoupon({ code, reason }: { code: string; reason: string }): Promise<CouponChangeResponse> {
  return apiPost<CouponChangeResponse>(`/admin/coupons/${encodeURIComponent(code)}/disable`, { reason });
}

export function useDisableCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKeys.all }),
  });
}
