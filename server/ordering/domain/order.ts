import type { Decider } from '../../event-store/command-path/decider';
import { CALL_OUTCOMES, type CallOutcome, type DeliveryArea, type LineKey, type OrderEvent, type OrderLine, type OrderOffer, type OrderType, type PaymentMethod } from './order.events';
import { offerUnitsOf } from './order-offer';
import { OrderNotDueToExpire, OrderRuleViolation, TransitionNotAllowed, UnknownOrder } from './order.errors';
import { TRANSITIONS, type OrderStatus, type StatusStep } from './order-status';

/** What the rules of one order need from its stream; the read models hold the rest. */
export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      orderId: string;
      orderType: OrderType;
      phone: string;
      paymentMethod: PaymentMethod | null;
      transactionId: string | null;
      bkashVerified: boolean;
      lines: readonly OrderLine[];
      couponCode: string | null;
      couponPercent: number;
      /** The lucky-draw offer's discount and the units it applies to (an amendment recomputes it, issue 27). */
      offer: (OrderOffer & { lines: LineKey[] }) | null;
      deliveryChargePaisa: number;
      address: string;
      shippingPhone: string;
      placedAt: string;
      /** Issue 30: the advance by bKash needed before confirmation (0: none). */
      advancePaisa?: number;
      /** Issue 30: the picked area (null: a free-text address only). */
      deliveryArea?: DeliveryArea | null;
    };

const initialOrderState = (): OrderState => ({ status: 'none' });

type Step<T extends string, D = object> = { type: T; data: { orderId: string; now: Date } & D };

export type ConfirmOrder = Step<'ConfirmOrder'>;
export type StartProcessing = Step<'StartProcessing'>;
export type ShipOrder = Step<'ShipOrder', { courier?: string | null; trackingCode?: string | null }>;
export type DeliverOrder = Step<'DeliverOrder'>;
export type CancelOrder = Step<'CancelOrder', { reason: string }>;
export type ReturnOrder = Step<'ReturnOrder', { reason: string }>;
/** `transactionId`: an advance's transfer the customer sent after checkout (ADR 059); unused when the order has one. */
export type MarkBkashPaymentVerified = Step<'MarkBkashPaymentVerified', { transactionId?: string | null }>;
export type AddOrderNote = Step<'AddOrderNote', { note: string }>;
/** The system, when an order's pending lifetime (`pendingHours`, the setting as it is now) is over. */
export type ExpireOrder = Step<'ExpireOrder', { pendingHours: number }>;
export type RecordCallOutcome = Step<'RecordCallOutcome', { outcome: CallOutcome }>;
/** The shopper cancels their own pending order (tracking page or order details). */
export type WithdrawOrder = Step<'WithdrawOrder'>;
export const CUSTOMER_CANCEL_REASON = 'Cancelled by the customer';

/** Every staff step on an existing order. Placing an order is decided in `checkout.ts` / `instant-order.ts`. */
export type OrderCommand =
  | ConfirmOrder
  | StartProcessing
  | ShipOrder
  | DeliverOrder
  | CancelOrder
  | ReturnOrder
  | MarkBkashPaymentVerified
  | AddOrderNote
  | ExpireOrder
  | RecordCallOutcome
  | WithdrawOrder;

const STEP_OF: Partial<Record<OrderCommand['type'], StatusStep>> = {
  ConfirmOrder: 'confirm',
  StartProcessing: 'startProcessing',
  ShipOrder: 'ship',
  DeliverOrder: 'deliver',
  CancelOrder: 'cancel',
  ReturnOrder: 'return',
  ExpireOrder: 'expire',
  WithdrawOrder: 'withdraw',
};

function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        status: 'pending',
        orderId: event.data.orderId,
        orderType: 1,
        phone: event.data.customer.phone,
        paymentMethod: event.data.payment.method,
        transactionId: event.data.payment.transactionId,
        bkashVerified: false,
        lines: event.data.lines,
        couponCode: event.data.coupon?.code ?? null,
        couponPercent: event.data.coupon?.percent ?? 0,
        offer: event.data.offer ? { ...event.data.offer, lines: offerUnitsOf(event.data.offer, event.data.lines) } : null,
        deliveryChargePaisa: event.data.totals.deliveryChargePaisa,
        address: event.data.customer.address,
        shippingPhone: event.data.customer.shippingPhone,
        placedAt: event.data.placedAt,
        advancePaisa: event.data.advance?.paisa ?? 0,
        deliveryArea: event.data.deliveryArea ?? null,
      };
    case 'InstantOrderPlaced':
      return {
        status: 'pending',
        orderId: event.data.orderId,
        orderType: 2,
        phone: event.data.customer.phone,
        paymentMethod: null,
        transactionId: null,
        bkashVerified: false,
        lines: event.data.lines,
        couponCode: null,
        couponPercent: 0,
        offer: null,
        deliveryChargePaisa: 0,
        address: event.data.customer.address,
        shippingPhone: event.data.customer.shippingPhone,
        placedAt: event.data.placedAt,
      };
    case 'OrderConfirmed':
      return withStatus(state, 'confirmed');
    case 'OrderProcessingStarted':
      return withStatus(state, 'processing');
    case 'OrderShipped':
      return withStatus(state, 'shipped');
    case 'OrderDelivered':
      return withStatus(state, 'delivered');
    case 'OrderCancelled':
      return withStatus(state, 'cancelled');
    case 'OrderReturned':
      return withStatus(state, 'returned');
    case 'OrderExpired':
      return withStatus(state, 'expired');
    case 'BkashPaymentVerified':
      return state.status === 'none' ? state : { ...state, bkashVerified: true, transactionId: state.transactionId ?? event.data.transactionId ?? null };
    case 'OrderNoteAdded':
    case 'ConfirmationCallRecorded':
      return state;
    case 'OrderLineAdded':
    case 'OrderLineChanged':
    case 'OrderLineRemoved': {
      if (state.status === 'none') return state;
      // Amendments before issue 27 dropped the offer's discount from their totals but not from the order's terms.
      if (!('offer' in event.data)) return { ...state, lines: event.data.lines };
      const offer = event.data.offer ? { ...event.data.offer, lines: event.data.offer.lines ?? [] } : null;
      return { ...state, lines: event.data.lines, offer };
    }
    case 'ShippingDetailsChanged':
      if (state.status === 'none') return state;
      return { ...state, address: event.data.address, shippingPhone: event.data.shippingPhone, ...(event.data.deliveryArea ? { deliveryArea: event.data.deliveryArea } : {}) };
  }
}

function withStatus(state: OrderState, status: OrderStatus): OrderState {
  return state.status === 'none' ? state : { ...state, status };
}

/**
 * Every rule of a staff step on an order: it must exist, the status machine must allow the step, a cancel or
 * return needs a reason, a bKash verification needs a bKash order not verified yet, a note needs text.
 * Returns the order's own events; what the step releases on other streams is `order-change.ts`'s business.
 */
function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new UnknownOrder(command.data.orderId);
  const { orderId } = state;
  const at = command.data.now.toISOString();
  const step = STEP_OF[command.type];
  if (step && !TRANSITIONS[step].from.includes(state.status)) throw new TransitionNotAllowed(step, state.status);
  switch (command.type) {
    case 'ConfirmOrder':
      // An order that needs an advance waits for its bKash payment to be verified (ADR 059).
      if ((state.advancePaisa ?? 0) > 0 && !state.bkashVerified) throw new OrderRuleViolation('advance', 'advance-not-paid', { amount: (state.advancePaisa ?? 0) / 100 });
      return [{ type: 'OrderConfirmed', data: { orderId, at } }];
    case 'StartProcessing':
      return [{ type: 'OrderProcessingStarted', data: { orderId, at } }];
    case 'ShipOrder':
      return [
        {
          type: 'OrderShipped',
          data: { orderId, at, courier: optionalText(command.data.courier), trackingCode: optionalText(command.data.trackingCode) },
        },
      ];
    case 'DeliverOrder':
      return [{ type: 'OrderDelivered', data: { orderId, at } }];
    case 'CancelOrder':
      return [{ type: 'OrderCancelled', data: { orderId, at, reason: requiredText(command.data.reason, 'reason', 'cancel-reason-required') } }];
    case 'ReturnOrder':
      return [{ type: 'OrderReturned', data: { orderId, at, reason: requiredText(command.data.reason, 'reason', 'return-reason-required') } }];
    case 'MarkBkashPaymentVerified': {
      // A cash order that needs an advance carries the advance's bKash transaction, from checkout or from care (ADR 059).
      const advance = (state.advancePaisa ?? 0) > 0;
      const transactionId = state.transactionId ?? (advance ? optionalText(command.data.transactionId)?.toUpperCase() ?? null : null);
      if ((state.paymentMethod !== 'bkash' && !advance) || !transactionId) throw new OrderRuleViolation('paymentMethod', 'order-not-bkash');
      if (state.bkashVerified) throw new OrderRuleViolation('paymentMethod', 'bkash-already-verified');
      if (state.status === 'cancelled' || state.status === 'returned' || state.status === 'expired') {
        throw new OrderRuleViolation('status', 'payment-not-verifiable', { status: state.status });
      }
      return [{ type: 'BkashPaymentVerified', data: { orderId, at, transactionId } }];
    }
    case 'ExpireOrder': {
      const due = new Date(state.placedAt).getTime() + command.data.pendingHours * 60 * 60 * 1000;
      if (command.data.now.getTime() < due) throw new OrderNotDueToExpire(orderId);
      return [{ type: 'OrderExpired', data: { orderId, at, pendingHours: command.data.pendingHours } }];
    }
    case 'WithdrawOrder':
      return [{ type: 'OrderCancelled', data: { orderId, at, reason: CUSTOMER_CANCEL_REASON } }];
    case 'RecordCallOutcome': {
      if (!CALL_OUTCOMES.includes(command.data.outcome)) {
        throw new OrderRuleViolation('outcome', 'call-outcome-invalid');
      }
      if (state.status !== 'pending' && state.status !== 'confirmed') {
        throw new OrderRuleViolation('outcome', 'call-not-recordable', { status: state.status });
      }
      return [{ type: 'ConfirmationCallRecorded', data: { orderId, at, outcome: command.data.outcome } }];
    }
    case 'AddOrderNote':
      return [{ type: 'OrderNoteAdded', data: { orderId, at, note: requiredText(command.data.note, 'note', 'note-empty', 2000) } }];
  }
}

function requiredText(value: unknown, field: string, missing: 'cancel-reason-required' | 'return-reason-required' | 'note-empty', max = 500): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new OrderRuleViolation(field, missing);
  if (text.length > max) throw new OrderRuleViolation(field, 'at-most-characters', { max });
  return text;
}

function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text.slice(0, 200) : null;
}

/** The rules of one order stream (`order-<ID>`): placement is decided by checkout, every later step here. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = { decide: decideOrder, evolve: evolveOrder, initialState: initialOrderState };
