import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponRedemptionRow } from '../../../../../contracts/coupons';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

/** One coupon's redemptions in the order they happened (admin only). */
export function getCouponRedemptions(code: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<CouponRedemptionRow>>(`/admin/coupons/${encodeURIComponent(code)}/redemptions`, { signal });
}

export function couponRedemptionsQueryOptions(code: string) {
  return queryOptions({ queryKey: couponsKeys.redemptions(code), queryFn: ({ signal }) => getCouponRedemptions(code, { signal }), staleTime: 10_000 });
}

export function useCouponRedemptions(code: string) {
  return useQuery(couponRedemptionsQueryOptions(code));
}
