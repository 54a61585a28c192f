import { Module, type OnModuleInit } from '@nestjs/common';
import { CLOCK, systemClock } from '../common/clock';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { AdminCouponsController } from './api/admin-coupons.controller';
import { PublicCouponsController } from './api/public-coupons.controller';
import { CheckCouponHandler } from './apply-coupon/check-coupon.handler';
import { couponDecider } from './domain/coupon';
import { ListCouponRedemptionsHandler, ListCouponsHandler } from './list-coupons/list-coupons.query';
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
    CreateCouponHandler,
    DisableCouponHandler,
    ListCouponsHandler,
    ListCouponRedemptionsHandler,
  ],
})
export class PromotionsModule implements OnModuleInit {
  constructor(private readonly folds: StreamFolds) {}

  onModuleInit(): void {
    this.folds.register('coupon-', couponDecider);
  }
}
