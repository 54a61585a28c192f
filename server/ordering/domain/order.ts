import type { Decider } from '../../event-store/command-path/decider';
import { CALL_OUTCOMES, PARCEL_STAGE_NAMES, type CallOutcome, type DeliveryArea, type LineKey, type OrderEvent, type OrderLine, type OrderOffer, type OrderStoreCredit, type OrderType, type ParcelStageName, type ParcelStepData, type PaymentMethod } from './order.events';
import { offerUnitsOf } from './order-offer';
import { OrderNotDueToExpire, OrderRuleViolation, TransitionNotAllowed, UnknownOrder } from './order.errors';
import { TRANSITIONS, type OrderStatus, type StatusStep } from './order-status';
import { advanceOwed, decidePayment, evolvePayment, isPaymentCommand, PaymentInProgress, type OrderPaymentCommand, type OrderPaymentState } from './order-payment';
import { ORDER_PAYMENT_EVENT_TYPES, type OrderPaymentEvent } from './order-payment.events';

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
      /** Issue 34: paid through a gateway after placing (bKash checkout or the demo); its payment; its total now. */
      viaGateway?: boolean;
      payment?: OrderPaymentState | null;
      totalPaisa?: number;
      /** The parcel (issue 29): null until care asks a courier to carry the order. */
      shipment: ShipmentState | null;
      /** Issue 30: the advance by bKash needed before confirmation (0: none). */
      advancePaisa?: number;
      /** Issue 30: the picked area (null: a free-text address only). */
      deliveryArea?: DeliveryArea | null;
      /** Issue 31: an instant (phone) order's amount left to collect on delivery. */
      duePaisa?: number;
      /** ADR 062: store credit the order spent (given back on its cancel, withdrawal or expiry). */
      storeCredit?: OrderStoreCredit | null;
    };

/** What the rules of booking and parcel steps need of the order's parcel. */
export interface ShipmentState {
  courier: string;
  amountToCollectPaisa: number;
  requestedAt: string;
  booked: { consignmentId: string; trackingCode: string; courierName: string; trackingUrl: string | null; courierStatus: string } | null;
  /** Steps already recorded, by courier status and time: a webhook replayed records nothing. */
  seen: readonly string[];
  /** The current step's stage and time (null: only booked). */
  stage: ParcelStageName | null;
  stageAt: string | null;
  outForDeliveryTexted: boolean;
  returnReceived: boolean;
}

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
/**
 * The system, when an order's pending lifetime (`pendingHours`, the setting as it is now) is over, or, for an
 * order waiting for its gateway payment, its short hold (`unpaidHoldMinutes`, issue 34).
 */
export type ExpireOrder = Step<'ExpireOrder', { pendingHours: number; unpaidHoldMinutes?: number }>;
export type RecordCallOutcome = Step<'RecordCallOutcome', { outcome: CallOutcome }>;
/** The shopper cancels their own pending order (tracking page or order details). */
export type WithdrawOrder = Step<'WithdrawOrder'>;
/** Care asks a courier to carry the order: the intent, recorded before the courier is called (issue 29). */
export type RequestShipmentBooking = Step<'RequestShipmentBooking', { courier: string; amountToCollectPaisa: number }>;
/** The courier's answer to the booking (or the parcel it already had for our order id). */
export type RecordShipmentBooked = Step<
  'RecordShipmentBooked',
  { courier: string; courierName: string; consignmentId: string; trackingCode: string; trackingUrl: string | null; courierStatus: string; deliveryFeePaisa: number | null }
>;
/** A courier step of the parcel (a webhook, the polling job, care for a manual or demo parcel). */
export type RecordParcelStep = Step<'RecordParcelStep', { step: ParcelStepData }>;
/** Care received the returned parcel: `damaged` units are not restocked, every other unit is. */
export type ReceiveReturnedParcel = Step<'ReceiveReturnedParcel', { damaged: LineKey[] }>;
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
  | WithdrawOrder
  | OrderPaymentCommand
  | RequestShipmentBooking
  | RecordShipmentBooked
  | RecordParcelStep
  | ReceiveReturnedParcel;

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

const PAYMENT_EVENTS = new Set<string>(ORDER_PAYMENT_EVENT_TYPES);
const isPaymentEvent = (event: OrderEvent): event is OrderPaymentEvent => PAYMENT_EVENTS.has(event.type);

function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (isPaymentEvent(event)) {
    if (state.status === 'none') return state;
    const payment = event;
    if (payment.type === 'PaymentSwitchedToCash') return { ...state, paymentMethod: 'cash', viaGateway: false };
    return { ...state, payment: evolvePayment(state.payment ?? null, payment) };
  }
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
        ...(event.data.payment.viaGateway ? { viaGateway: true } : {}),
        totalPaisa: event.data.totals.grandTotalPaisa,
        shipment: null,
        advancePaisa: event.data.advance?.paisa ?? 0,
        deliveryArea: event.data.deliveryArea ?? null,
        ...(event.data.storeCredit ? { storeCredit: event.data.storeCredit } : {}),
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
        shipment: null,
        duePaisa: event.data.payment.duePaisa,
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
      if (!('offer' in event.data)) return { ...state, lines: event.data.lines, totalPaisa: event.data.totals.grandTotalPaisa };
      const offer = event.data.offer ? { ...event.data.offer, lines: event.data.offer.lines ?? [] } : null;
      return { ...state, lines: event.data.lines, offer, totalPaisa: event.data.totals.grandTotalPaisa };
    }
    case 'ShippingDetailsChanged':
      if (state.status === 'none') return state;
      return {
        ...state,
        address: event.data.address,
        shippingPhone: event.data.shippingPhone,
        ...(event.data.deliveryArea ? { deliveryArea: event.data.deliveryArea } : {}),
        // Re-priced by the new area's zone (ADR 061): later amendments keep the new charge.
        ...(event.data.delivery && event.data.totals ? { deliveryChargePaisa: event.data.delivery.chargePaisa, totalPaisa: event.data.totals.grandTotalPaisa } : {}),
      };
    case 'ShipmentBookingRequested':
      if (state.status === 'none') return state;
      return {
        ...state,
        shipment: {
          courier: event.data.courier,
          amountToCollectPaisa: event.data.amountToCollectPaisa,
          requestedAt: event.data.at,
          booked: null,
          seen: [],
          stage: null,
          stageAt: null,
          outForDeliveryTexted: false,
          returnReceived: false,
        },
      };
    case 'ShipmentBooked':
      if (state.status === 'none' || !state.shipment) return state;
      return {
        ...state,
        shipment: {
          ...state.shipment,
          booked: {
            consignmentId: event.data.consignmentId,
            trackingCode: event.data.trackingCode,
            courierName: event.data.courierName,
            trackingUrl: event.data.trackingUrl,
            courierStatus: event.data.courierStatus,
          },
          stage: state.shipment.stage ?? 'booked',
          stageAt: state.shipment.stageAt ?? event.data.at,
        },
      };
    case 'ParcelStepRecorded': {
      if (state.status === 'none' || !state.shipment) return state;
      const { step, current, notify } = event.data;
      const shipment = state.shipment;
      return {
        ...state,
        shipment: {
          ...shipment,
          seen: [...shipment.seen, stepKey(step)],
          stage: current ? step.stage : shipment.stage,
          stageAt: current ? step.at : shipment.stageAt,
          booked: current && shipment.booked ? { ...shipment.booked, courierStatus: step.courierStatus } : shipment.booked,
          outForDeliveryTexted: shipment.outForDeliveryTexted || notify === 'out-for-delivery',
        },
      };
    }
    case 'ReturnedParcelReceived':
      if (state.status === 'none') return state;
      return { ...withStatus(state, 'returned'), shipment: state.shipment ? { ...state.shipment, returnReceived: true } : null } as OrderState;
  }
}

/** One step of a parcel as the courier tells it: its status word and its time (a replayed webhook repeats both). */
export function stepKey(step: Pick<ParcelStepData, 'stage' | 'courierStatus' | 'at'>): string {
  return `${step.stage}|${step.courierStatus}|${new Date(step.at).toISOString()}`;
}

/** Stages after which the parcel has arrived somewhere for good (only a return may follow a delivery). */
const FINAL_STAGES: ReadonlySet<ParcelStageName> = new Set(['delivered', 'partly-delivered', 'returned', 'cancelled']);
/** Stages that mean the parcel left the shop with the courier: the order is shipped. */
const MOVING_STAGES: ReadonlySet<ParcelStageName> = new Set([
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'partly-delivered',
  'delivery-failed',
  'on-hold',
  'returning',
  'returned',
]);

/** Whether a step becomes where the parcel is: newer than the current one, and never back from an arrival. */
function becomesCurrent(shipment: ShipmentState, step: ParcelStepData): boolean {
  if (shipment.stageAt && new Date(step.at).getTime() < new Date(shipment.stageAt).getTime()) return false;
  if (shipment.stage && FINAL_STAGES.has(shipment.stage)) {
    // A delivered parcel may still come back (a partial delivery's rest); nothing else moves it.
    const delivered = shipment.stage === 'delivered' || shipment.stage === 'partly-delivered';
    return delivered && (step.stage === 'returning' || step.stage === 'returned');
  }
  return true;
}

function decideShipment(command: RequestShipmentBooking | RecordShipmentBooked | RecordParcelStep | ReceiveReturnedParcel, state: Exclude<OrderState, { status: 'none' }>, at: string): OrderEvent[] {
  const { orderId } = state;
  const shipment = state.shipment;
  switch (command.type) {
    case 'RequestShipmentBooking': {
      if (shipment) throw new OrderRuleViolation('courier', 'shipment-booking-in-progress', { courier: shipment.courier });
      if (state.status !== 'confirmed' && state.status !== 'processing') throw new OrderRuleViolation('courier', 'shipment-not-bookable', { status: state.status });
      const amount = command.data.amountToCollectPaisa;
      if (!Number.isInteger(amount) || amount < 0) throw new OrderRuleViolation('amount_to_collect', 'invalid-input', { detail: 'a whole amount from 0' });
      return [{ type: 'ShipmentBookingRequested', data: { orderId, at, courier: command.data.courier, amountToCollectPaisa: amount } }];
    }
    case 'RecordShipmentBooked': {
      if (!shipment) throw new OrderRuleViolation('courier', 'shipment-not-booked');
      if (shipment.courier !== command.data.courier) throw new OrderRuleViolation('courier', 'shipment-booked-elsewhere', { courier: shipment.courier });
      // The same answer twice (a retry that found the first booking) records nothing.
      if (shipment.booked) {
        if (shipment.booked.consignmentId === command.data.consignmentId) return [];
        throw new OrderRuleViolation('courier', 'shipment-booked-elsewhere', { courier: shipment.courier });
      }
      const { courier, courierName, consignmentId, trackingCode, trackingUrl, courierStatus, deliveryFeePaisa } = command.data;
      return [
        {
          type: 'ShipmentBooked',
          data: { orderId, at, courier, courierName, consignmentId, trackingCode, trackingUrl, courierStatus, deliveryFeePaisa, amountToCollectPaisa: shipment.amountToCollectPaisa },
        },
      ];
    }
    case 'RecordParcelStep': {
      if (!shipment?.booked) throw new OrderRuleViolation('step', 'shipment-not-booked');
      const step = command.data.step;
      if (!PARCEL_STAGE_NAMES.includes(step.stage) || Number.isNaN(new Date(step.at).getTime())) {
        throw new OrderRuleViolation('step', 'parcel-step-invalid', { reason: 'unknown stage or time' });
      }
      if (shipment.seen.includes(stepKey(step))) return [];
      const current = becomesCurrent(shipment, step);
      const notify = current && step.stage === 'out-for-delivery' && !shipment.outForDeliveryTexted && state.status !== 'delivered' && state.status !== 'returned';
      const events: OrderEvent[] = [
        {
          type: 'ParcelStepRecorded',
          data: { orderId, at, courier: shipment.courier, consignmentId: shipment.booked.consignmentId, step, current, ...(notify ? { notify: 'out-for-delivery' as const } : {}) },
        },
      ];
      if (!current) return events;
      let status = state.status;
      if (MOVING_STAGES.has(step.stage) && (status === 'confirmed' || status === 'processing')) {
        events.push({ type: 'OrderShipped', data: { orderId, at, courier: shipment.booked.courierName, trackingCode: shipment.booked.trackingCode, cashToCollectPaisa: shipment.amountToCollectPaisa } });
        status = 'shipped';
      }
      if ((step.stage === 'delivered' || step.stage === 'partly-delivered') && status === 'shipped') {
        events.push({ type: 'OrderDelivered', data: { orderId, at } });
      }
      return events;
    }
    case 'ReceiveReturnedParcel': {
      if (!shipment?.booked) throw new OrderRuleViolation('damaged', 'shipment-not-booked');
      if (shipment.returnReceived) throw new OrderRuleViolation('damaged', 'return-already-received');
      if (state.status !== 'shipped' && state.status !== 'delivered') throw new OrderRuleViolation('damaged', 'return-not-receivable', { status: state.status });
      const { restocked, damaged } = splitReturned(state.lines, command.data.damaged);
      return [{ type: 'ReturnedParcelReceived', data: { orderId, at, restocked, damaged } }];
    }
  }
}

/** The order's units split into those back in stock and those damaged; a damaged unit must be one of the order's. */
export function splitReturned(lines: readonly OrderLine[], damaged: readonly LineKey[]): { restocked: LineKey[]; damaged: LineKey[] } {
  const left = new Map(lines.map((line) => [`${line.productId}|${line.size}`, line.quantity]));
  const hurt = new Map<string, number>();
  for (const unit of damaged) {
    const key = `${unit.productId}|${unit.size}`;
    if (!Number.isInteger(unit.quantity) || unit.quantity < 0) throw new OrderRuleViolation('damaged', 'return-damaged-invalid', { reason: 'a whole number of units' });
    const total = (hurt.get(key) ?? 0) + unit.quantity;
    if (!left.has(key) || total > (left.get(key) ?? 0)) throw new OrderRuleViolation('damaged', 'return-damaged-invalid', { reason: `${unit.productId} ${unit.size}` });
    hurt.set(key, total);
  }
  const restocked: LineKey[] = [];
  const broken: LineKey[] = [];
  for (const line of lines) {
    const key = `${line.productId}|${line.size}`;
    const bad = hurt.get(key) ?? 0;
    hurt.delete(key);
    if (line.quantity - bad > 0) restocked.push({ productId: line.productId, size: line.size, quantity: line.quantity - bad });
    if (bad > 0) broken.push({ productId: line.productId, size: line.size, quantity: bad });
  }
  return { restocked, damaged: broken };
}

/**
 * What the courier collects when the order ships (issue 31), from the order's stream as the packing slip reads it
 * from its row: an instant order's amount due; a cash order's total, less a bKash advance once verified; nothing
 * for an order paid by bKash.
 */
export function cashToCollectOf(state: Exclude<OrderState, { status: 'none' }>): number {
  if (state.orderType !== 1) return state.duePaisa ?? 0;
  if (state.paymentMethod !== 'cash') return 0;
  const total = state.totalPaisa ?? 0;
  const advance = state.advancePaisa ?? 0;
  return advance > 0 && state.bkashVerified ? Math.max(0, total - advance) : total;
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
  if (isPaymentCommand(command)) return decidePayment(command, state);
  const { orderId } = state;
  const at = command.data.now.toISOString();
  const step = STEP_OF[command.type];
  if (step && !TRANSITIONS[step].from.includes(state.status)) throw new TransitionNotAllowed(step, state.status);
  switch (command.type) {
    case 'RequestShipmentBooking':
    case 'RecordShipmentBooked':
    case 'RecordParcelStep':
    case 'ReceiveReturnedParcel':
      return decideShipment(command, state, at);
    case 'ConfirmOrder':
      // An order that needs an advance waits for its bKash payment: verified by care (ADR 059) or paid through the gateway (ADR 061).
      if (advanceOwed(state)) throw new OrderRuleViolation('advance', 'advance-not-paid', { amount: (state.advancePaisa ?? 0) / 100 });
      return [{ type: 'OrderConfirmed', data: { orderId, at } }];
    case 'StartProcessing':
      return [{ type: 'OrderProcessingStarted', data: { orderId, at } }];
    case 'ShipOrder':
      return [
        {
          type: 'OrderShipped',
          data: { orderId, at, courier: optionalText(command.data.courier), trackingCode: optionalText(command.data.trackingCode), cashToCollectPaisa: state.shipment?.amountToCollectPaisa ?? cashToCollectOf(state) },
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
      const hold = unpaidHoldOf(state, command.data.unpaidHoldMinutes);
      if (hold === 'paying') throw new OrderNotDueToExpire(orderId);
      const due = new Date(state.placedAt).getTime() + (hold ?? command.data.pendingHours * 60) * 60 * 1000;
      if (command.data.now.getTime() < due) throw new OrderNotDueToExpire(orderId);
      const unpaid = hold !== null ? { unpaidHoldMinutes: hold } : {};
      return [{ type: 'OrderExpired', data: { orderId, at, pendingHours: command.data.pendingHours, ...unpaid } }];
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

/**
 * How long an order waiting for its gateway payment holds its stock (issue 34): the short hold while it is
 * unpaid; `paying` while an execute is in flight (it must finish first); null when the usual lifetime applies
 * (cash, a typed transaction id, or paid: a paid order is never expired on its own, care cancels and refunds).
 */
function unpaidHoldOf(state: Exclude<OrderState, { status: 'none' }>, holdMinutes: number | undefined): number | 'paying' | null {
  // An advance being executed or paid through the gateway (ADR 061): the order is not expired under it.
  if (state.payment?.advance && (state.payment.state === 'executing' || state.payment.state === 'completed')) return 'paying';
  if (!state.viaGateway || state.paymentMethod !== 'bkash') return null;
  if (state.payment?.state === 'executing') return 'paying';
  if (state.payment?.state === 'completed') return 'paying';
  return holdMinutes ?? null;
}

export { PaymentInProgress };

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
