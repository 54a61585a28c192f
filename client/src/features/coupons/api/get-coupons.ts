import type { CouponRow } from '../../../../../contracts/coupons';
import type { DataList } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { couponsKeys } from './coupons-keys';

/** `GET /admin/coupons`: every coupon, newest first (admin only). */
export function useCoupons() {
  return useConsoleQuery<DataList<CouponRow>>(couponsKeys.list(), '/admin/coupons', { staleTime: 10_000 });
}
