import { ReturnDesk } from './returns-desk/return-desk';
import { registerOrderPersonalFields } from './domain/order-personal-fields';
import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BullMqExpiryTimers, EXPIRY_TIMERS, InProcessExpiryTimers, type ExpiryTimers } from './expiry/expiry-timers';
import { OrderExpiry } from './expiry/order-expiry';
import { CLOCK, systemClock } from '../common/clock';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { AdminOrdersController } from './api/admin-orders.controller';
import { AdminPhonesController } from './api/admin-phones.controller';
import { PackingSlipsController } from './api/packing-slips.controller';
import { ChangePhoneBlockHandler } from './phone-risk/phone-blocks';
import { AmendOrderHandler } from './amend-order/amend-order';
import { CancelOwnOrderHandler } from './cancel-own-order/cancel-own-order';
import { PhoneRiskProjection } from './phone-risk/phone-risk.projection';
import { PhoneRiskReadModel } from './phone-risk/phone-risk.read-model';
import { PhoneCodeSecrets } from '../accounts/phone-codes/phone-code-secrets';
import { CustomerOrdersController } from './api/customer-orders.controller';
import { PublicOrdersController } from './api/public-orders.controller';
import { GetCareOrderHandler } from './care/get-care-order.handler';
import { OrderChanges } from './change-order/order-changes';
import { ORDER_STEP_HANDLERS } from './change-order/order-steps.handlers';
import { GetCustomerOrderDetailsHandler } from './customer-orders/get-customer-order-details.handler';
import { GetCustomerOrdersHandler } from './customer-orders/get-customer-orders.handler';
import { PlaceInstantOrderHandler } from './place-instant-order/place-instant-order.handler';
import { CatalogLookup } from './place-order/catalog-lookup';
import { CheckoutIdempotency } from './place-order/checkout-idempotency';
import { CheckoutBatcher } from './place-order/checkout-batcher';
import { CouponUsePlaces } from './place-order/coupon-use-places';
import { CheckoutLimitsService } from './place-order/checkout-limits.service';
import { PlaceOrderHandler } from './place-order/place-order.handler';
import { OrderTimelineProjection } from './projections/order-timeline.projection';
import { OrderTrackingProjection } from './projections/order-tracking.projection';
import { orderDecider } from './domain/order';
import { phoneDecider } from './domain/phone';
import { OrderReadModel } from './read-model/order-read-model';
import { LatestOrders } from './read-model/latest-orders';
import { GetOrderInformationHandler } from './track-order/get-order-information.handler';
import { GetOrderSummaryHandler } from './track-order/get-order-summary.handler';
import { GetOrderPaymentHandler, OrderPaymentReader, RecordOrderPaymentHandler } from './pay-order/order-payments';
import { OrderPaymentsProjection } from './projections/order-payments.projection';
import { OrderSourcesProjection } from './projections/order-sources.projection';
import { CurrentTimeline } from './read-model/current-timeline';
import { ShipmentDesk } from './shipments/shipment-desk';

/**
 * Orders: checkout (confirm-order), tracking, a signed-in customer's own orders (`orders/*`), staff status
 * steps and instant orders, and the read models behind them. Needs `EventStoreModule`, `CqrsModule`,
 * `TypeOrmModule` and `AccountsModule` (the passport strategy behind the guards, rate limits) in the app.
 */
@Module({
  // The catalog's answer cache keeps the checkout limits, dropped when the settings change (CheckoutLimitsService).
  imports: [CatalogModule],
  controllers: [PublicOrdersController, AdminOrdersController, AdminPhonesController, PackingSlipsController, CustomerOrdersController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    CatalogLookup,
    CheckoutIdempotency,
    OrderReadModel,
    LatestOrders,
    OrderChanges,
    CheckoutBatcher,
    CouponUsePlaces,
    CheckoutLimitsService,
    {
      provide: EXPIRY_TIMERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ExpiryTimers =>
        config.redisUrl ? new BullMqExpiryTimers(config.redisUrl, new Logger('OrderExpiry')) : new InProcessExpiryTimers(),
    },
    OrderExpiry,
    PhoneRiskReadModel,
    // The phone proof of a checkout is checked with the key accounts signs it with (issue 17).
    PhoneCodeSecrets,
    ChangePhoneBlockHandler,
    AmendOrderHandler,
    CancelOwnOrderHandler,
    PlaceOrderHandler,
    PlaceInstantOrderHandler,
    ...ORDER_STEP_HANDLERS,
    GetOrderInformationHandler,
    GetOrderSummaryHandler,
    GetCustomerOrdersHandler,
    GetCustomerOrderDetailsHandler,
    GetCareOrderHandler,
    OrderPaymentReader,
    RecordOrderPaymentHandler,
    GetOrderPaymentHandler,
    ShipmentDesk,
    ReturnDesk,
    CurrentTimeline,
  ],
  // Fulfilment books couriers and records the parcel's steps as events on the order through the desk (issue 29).
  exports: [ShipmentDesk, ReturnDesk],
})
export class OrderingModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    registerOrderPersonalFields();
    this.folds.register('order-', orderDecider);
    this.folds.register('phone-', phoneDecider);
    this.projections.register(new OrderTrackingProjection());
    this.projections.register(new OrderTimelineProjection());
    this.projections.register(new PhoneRiskProjection());
    this.projections.register(new OrderPaymentsProjection());
    this.projections.register(new OrderSourcesProjection());
  }
}
