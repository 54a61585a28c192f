import type { CouponRedemptionRow } from '../../../../../contracts/coupons';
import type { DataList } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { couponsKeys } from './coupons-keys';

/** `GET /admin/coupons/{code}/redemptions`: one coupon's redemptions in the order they happened (admin only). */
export function useCouponRedemptions(code: string) {
  return useConsoleQuery<DataList<CouponRedemptionRow>>(couponsKeys.redemptions(code), `/admin/coupons/${encodeURIComponent(code)}/redemptions`, { staleTime: 10_000 });
}
