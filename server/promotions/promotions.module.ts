import { registerCouponPersonalFields } from './domain/coupon-personal-fields';
import { Module, type OnModuleInit } from '@nestjs/common';
import { CLOCK, systemClock } from '../common/clock';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { AdminCouponsController } from './api/admin-coupons.controller';
import { AdminOffersController } from './api/admin-offers.controller';
import { PublicCouponsController } from './api/public-coupons.controller';
import { PublicOffersController } from './api/public-offers.controller';
import { CheckCouponHandler } from './apply-coupon/check-coupon.handler';
import { couponDecider } from './domain/coupon';
import { offerDecider } from './domain/offer';
import { ListCouponRedemptionsHandler, ListCouponsHandler } from './list-coupons/list-coupons.query';
import { ChangeCouponPhoneProofHandler, CreateCouponHandler, DisableCouponHandler } from './manage-coupons/manage-coupons.handlers';
import { DrawEntries } from './offers/draw-entries';
import { DrawSeeds } from './offers/draw-seeds';
import { EligibleTokens } from './offers/eligible-tokens';
import { OfferReadModel } from './offers/offer-read-model';
import { OFFER_COMMAND_HANDLERS } from './offers/offers.handlers';
import { OFFER_QUERY_HANDLERS } from './offers/offers.queries';
import { LuckyDrawOffersProjection } from './projections/lucky-draw-offers.projection';
import { LuckyDrawTokensProjection } from './projections/lucky-draw-tokens.projection';

/**
 * Coupons (streams `coupon-<CODE>`; created and disabled by staff or created by the seed, redeemed by checkout
 * in ordering), the apply-coupon call, and the staff coupon API (`admin/coupons`: list, create, disable, redemptions).
 * Lucky-draw offers (streams `offer-<id>`, docs/decisions/051-lucky-draw.md): the admin and public offer
 * calls, the token and offer projections. Needs `EventStoreModule`, `CqrsModule`, `ConfigModule` and
 * `TypeOrmModule` in the app.
 */
@Module({
  controllers: [PublicCouponsController, AdminCouponsController, AdminOffersController, PublicOffersController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    CheckCouponHandler,
    CreateCouponHandler,
    DisableCouponHandler,
    ChangeCouponPhoneProofHandler,
    ListCouponsHandler,
    ListCouponRedemptionsHandler,
    DrawSeeds,
    DrawEntries,
    EligibleTokens,
    OfferReadModel,
    ...OFFER_COMMAND_HANDLERS,
    ...OFFER_QUERY_HANDLERS,
  ],
})
export class PromotionsModule implements OnModuleInit {
  constructor(
    private readonly folds: StreamFolds,
    private readonly projections: ProjectionRegistry,
  ) {}

  onModuleInit(): void {
    registerCouponPersonalFields();
    this.folds.register('coupon-', couponDecider);
    this.folds.register('offer-', offerDecider);
    this.projections.register(new LuckyDrawTokensProjection());
    this.projections.register(new LuckyDrawOffersProjection());
  }
}
