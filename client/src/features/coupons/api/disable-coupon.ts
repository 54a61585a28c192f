import type { CouponChangeResponse } from '../../../../../contracts/coupons';
import { useConsoleMutation } from '../../console-kit/console-query';
import { couponsKeys } from './coupons-keys';

/** `POST /admin/coupons/{code}/disable` with a reason (admin only; recorded as `CouponDisabled`); 409 when already disabled. */
export function useDisableCoupon() {
  return useConsoleMutation<{ code: string; reason: string }, CouponChangeResponse>(
    ({ code }) => `/admin/coupons/${encodeURIComponent(code)}/disable`,
    ({ reason }) => ({ reason }),
    () => [couponsKeys.all],
  );
}
