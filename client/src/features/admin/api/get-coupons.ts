import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface CouponRow {
  code: string;
  percent: number;
  validFrom: string;
  validUntil: string;
  totalLimit: number;
  perPhoneLimit: number;
  /** Uses held by orders now; a cancelled order's use is given back. */
  uses: number;
  disabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

/** Every coupon, newest first (admin only). */
export function getCoupons({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: CouponRow[] }>('/admin/coupons', { signal });
}

export function couponsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.coupons(), queryFn: ({ signal }) => getCoupons({ signal }), staleTime: 10_000 });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
