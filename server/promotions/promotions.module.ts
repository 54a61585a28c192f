import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '../common/clock';
import { AdminCouponsController } from './api/admin-coupons.controller';
import { PublicCouponsController } from './api/public-coupons.controller';
import { CheckCouponHandler } from './apply-coupon/check-coupon.handler';
import { ListCouponRedemptionsHandler, ListCouponsHandler } from './list-coupons/list-coupons.query';
import { CouponCommandPath } from './manage-coupons/coupon-command-path';
import { CreateCouponHandler, DisableCouponHandler } from './manage-coupons/manage-coupons.handlers';

/**
 * Coupons (streams `coupon-<CODE>`; created and disabled by staff or created by the seed, redeemed by checkout
 * in ordering), the apply-coupon call, and the staff coupon API (`admin/coupons`: list, create, disable, redemptions).
 * Needs `EventStoreModule` and `CqrsModule` in the app.
 */
@Module({
  controllers: [PublicCouponsController, AdminCouponsController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    CheckCouponHandler,
    CouponCommandPath,
    CreateCouponHandler,
    DisableCouponHandler,
    ListCouponsHandler,
    ListCouponRedemptionsHandler,
  ],
})
export class PromotionsModule {}
