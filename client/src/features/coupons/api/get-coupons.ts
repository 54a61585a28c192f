import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponRow } from '../../../../../contracts/coupons';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

/** Every coupon, newest first (admin only). */
export function getCoupons({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<CouponRow>>('/admin/coupons', { signal });
}

export function couponsQueryOptions() {
  return queryOptions({ queryKey: couponsKeys.list(), queryFn: ({ signal }) => getCoupons({ signal }), staleTime: 10_000 });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
