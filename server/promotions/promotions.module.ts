import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '../accounts/users/clock';
import { PublicCouponsController } from './api/public-coupons.controller';
import { CheckCouponHandler } from './apply-coupon/check-coupon.handler';

/**
 * Coupons (streams `coupon-<CODE>`; created by staff or the seed, redeemed by checkout in ordering) and the
 * apply-coupon call. Needs `EventStoreModule` and `CqrsModule` in the app.
 */
@Module({
  controllers: [PublicCouponsController],
  providers: [{ provide: CLOCK, useValue: systemClock }, CheckCouponHandler],
})
export class PromotionsModule {}
