import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface CouponRedemption {
  orderId: string;
  phone: string;
  percent: number;
  redeemedAt: string;
  /** The order was cancelled and its use given back. */
  released: boolean;
  releasedAt: string | null;
  releaseReason: string | null;
}

/** One coupon's redemptions in the order they happened (admin only). */
export function getCouponRedemptions(code: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: CouponRedemption[] }>(`/admin/coupons/${encodeURIComponent(code)}/redemptions`, { signal });
}

export function couponRedemptionsQueryOptions(code: string) {
  return queryOptions({ queryKey: adminKeys.couponRedemptions(code), queryFn: ({ signal }) => getCouponRedemptions(code, { signal }), staleTime: 10_000 });
}

export function useCouponRedemptions(code: string) {
  return useQuery(couponRedemptionsQueryOptions(code));
}
