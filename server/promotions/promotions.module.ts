import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '../accounts/users/clock';
import { PublicCouponsController } from './api/public-coupons.controller';
import { CheckCouponHandler } from './apply-coupon/check-coupon.handler';
import { CouponCommandPath } from './manage-coupons/coupon-command-path';
import { CreateCouponHandler, DisableCouponHandler } from './manage-coupons/manage-coupons.handlers';

/**
 * Coupons (streams `coupon-<CODE>`; created and disabled by staff or created by the seed, redeemed by checkout
 * in ordering), the apply-coupon call, and the staff commands `CreateCouponCommand` / `DisableCouponCommand`.
 * Needs `EventStoreModule` and `CqrsModule` in the app.
 */
@Module({
  controllers: [PublicCouponsController],
  providers: [{ provide: CLOCK, useValue: systemClock }, CheckCouponHandler, CouponCommandPath, CreateCouponHandler, DisableCouponHandler],
})
export class PromotionsModule {}
