/**
 * The order status steps care may take, mirroring the server's transition table (ADR 013). The client only
 * offers the allowed next steps; the server still decides and answers 409 when a step is refused.
 */
export type OrderStep = 'confirm' | 'start-processing' | 'ship' | 'deliver' | 'cancel' | 'return';

export interface StepInfo {
  step: OrderStep;
  label: string;
  /** cancel and return need a reason; the others take an optional note. */
  needsReason: boolean;
  danger: boolean;
}

const STEPS: Record<OrderStep, StepInfo & { from: readonly string[] }> = {
  confirm: { step: 'confirm', label: 'Confirm order', needsReason: false, danger: false, from: ['pending'] },
  'start-processing': { step: 'start-processing', label: 'Start processing', needsReason: false, danger: false, from: ['confirmed'] },
  ship: { step: 'ship', label: 'Mark shipped', needsReason: false, danger: false, from: ['processing'] },
  deliver: { step: 'deliver', label: 'Mark delivered', needsReason: false, danger: false, from: ['shipped'] },
  cancel: { step: 'cancel', label: 'Cancel order', needsReason: true, danger: true, from: ['pending', 'confirmed', 'processing'] },
  return: { step: 'return', label: 'Mark returned', needsReason: true, danger: true, from: ['delivered'] },
};

/** The steps open from a status, given by its name ("Pending") or code ("pending"). */
export function allowedSteps(status: string | null | undefined): StepInfo[] {
  const code = (status ?? '').trim().toLowerCase();
  return Object.values(STEPS)
    .filter((info) => info.from.includes(code))
    .map(({ from: _from, ...info }) => info);
}

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'] as const;

export function statusLabel(code: string): string {
  return code ? code.charAt(0).toUpperCase() + code.slice(1) : code;
}

/** Timeline event types in words. */
const EVENT_LABELS: Record<string, string> = {
  OrderPlaced: 'Order placed',
  InstantOrderPlaced: 'Phone order placed',
  OrderConfirmed: 'Confirmed',
  OrderProcessingStarted: 'Processing started',
  OrderShipped: 'Shipped',
  OrderDelivered: 'Delivered',
  OrderCancelled: 'Cancelled',
  OrderReturned: 'Returned',
  BkashPaymentVerified: 'bKash payment verified',
  OrderNoteAdded: 'Note',
  OrderExpired: 'Expired (not confirmed in time)',
  ConfirmationCallRecorded: 'Confirmation call',
  OrderLineAdded: 'Line added',
  OrderLineChanged: 'Line changed',
  OrderLineRemoved: 'Line removed',
  ShippingDetailsChanged: 'Shipping details changed',
  // Issue 34: the payment through bKash checkout (or the demo gateway).
  PaymentStarted: 'bKash payment started',
  PaymentExecutionRequested: 'bKash payment approved, completing',
  PaymentCompleted: 'bKash payment completed',
  PaymentFailed: 'bKash payment failed',
  PaymentRefundRequested: 'Refund asked of bKash',
  PaymentRefunded: 'Refunded',
  PaymentRefundFailed: 'Refund refused by bKash',
  PaymentSwitchedToCash: 'Switched to cash on delivery',
  // Issue 29: the parcel with its courier.
  ShipmentBookingRequested: 'Courier booking asked',
  ShipmentBooked: 'Booked with the courier',
  ParcelStepRecorded: 'Parcel step',
  ReturnedParcelReceived: 'Returned parcel received',
  // Issue 35: the steps of the order's returns and size exchanges (GET /admin/orders/{id}/return-steps).
  ReturnRequested: 'Return or exchange asked',
  ReturnApproved: 'Return approved',
  ReturnRefused: 'Return refused',
  ReturnCalled: 'Shopper called about the return',
  ReturnPickupRequested: 'Return pick-up asked of the courier',
  ReturnPickupBooked: 'Return pick-up booked',
  ReturnReceived: 'Returned item received',
  ExchangeOrderCreated: 'Exchange order linked',
  ReturnRefunded: 'Return refunded',
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
}
