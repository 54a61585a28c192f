/**
 * What ordering offers other contexts (ADR 040): the order statuses and their names, which event moves an order
 * to which status, the order events' types and stream names, and the phone-risk badge and projection name that staff pages and
 * the personal-data export read. Another context imports ordering through this file only
 * (`.dependency-cruiser.cjs`, published-only), so what ordering may change freely is everything else.
 */
export { STATUS_AFTER_EVENT, STATUS_NAMES, type OrderStatus } from './domain/order-status';
export { withPlacementMetadata, type OrderEvent, type OrderLocale } from './domain/order.events';
export { orderStreamId } from './domain/order-id';
export { riskBadge } from './phone-risk/phone-risk.read-model';
export { PHONE_RISK_PROJECTION } from './phone-risk/phone-risk.projection';
export {
  RecordOrderPaymentCommand,
  GetOrderPaymentQuery,
  CHECKOUT_PAYMENTS,
  type CheckoutPayments,
  type OrderPaymentFacts,
  type OrderPaymentStep,
} from './pay-order/order-payments';
export { refundablePaisa, refundedPaisa, PaymentInProgress, PaymentUnknown, PaymentAlreadyPaid, type OrderPaymentState } from './domain/order-payment';
export { ORDER_PAYMENT_EVENT_TYPES, type OrderPaymentEvent, type PaymentGatewayName } from './domain/order-payment.events';
export { paymentViewOf } from './pay-order/payment-view';
export { ShipmentDesk, parcelWeightGrams, type ParcelFacts, type ParcelArea, type BookedShipment } from './shipments/shipment-desk';
export type { ShipmentView, PendingBooking } from './shipments/shipment-view';
export type { ShipmentState } from './domain/order';
export { PARCEL_STAGE_NAMES, type ParcelStageName, type ParcelStepData, type LineKey } from './domain/order.events';
export { OrderRuleViolation, UnknownOrder } from './domain/order.errors';
export { shipmentAnswer } from './shipments/shipment-answer';
/** The module that provides ShipmentDesk, for fulfilment's module to import (issue 29). */
export { OrderingModule } from './ordering.module';
/** What returns and exchanges read of an order and the linked order an exchange ships (issue 35, ADR 062). */
export { ReturnDesk, type ReturnOrderFacts } from './returns-desk/return-desk';
