import { ConsolePage } from '../../../features/console-kit/console-layout';
import { CouponList } from '../../../features/coupons/components/coupon-list';

export function CouponsRoute() {
  return (
    <ConsolePage id="coupons" title="Coupons">
      <CouponList />
    </ConsolePage>
  );
}
