import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import type { Decider } from '../../event-store/command-path/decider';
import { OPEN_RETURN_STAGES, RETURN_KINDS, RETURN_REASONS, type DeliveryPayer, type RefundMethod, type ReturnKind, type ReturnReason, type ReturnStage } from '../../../contracts/returns';
import type { OrderLocale } from '../../ordering/published';
import type { ReturnEvent, ReturnRequested } from './return.events';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One request as the rules need it. */
export interface ReturnRequestState {
  returnId: string;
  productId: number;
  size: string;
  unit: number;
  kind: ReturnKind;
  stage: ReturnStage;
  newSize: string | null;
  exchangeOrderId: string | null;
  refundAmountPaisa: number;
  pickupChargePaisa: number;
  priceDifferencePaisa: number;
  unitPricePaisa: number;
  refundedPaisa: number;
  pickupCourier: string | null;
  pickupBooked: boolean;
  exchangeCreated: boolean;
  /** Care's reason, once it refused the request (the shopper reads it on the tracking page). */
  refusal: string | null;
}

/** Every request on the order's units (stream `returns-<orderId>`). */
export interface ReturnsState {
  requests: Readonly<Record<string, ReturnRequestState>>;
  count: number;
  refundedPaisa: number;
}

export const initialReturnsState = (): ReturnsState => ({ requests: {}, count: 0, refundedPaisa: 0 });

/** What the store knows of the order when a request is decided (read from the order's stream by ordering's ReturnDesk). */
export interface OrderForReturn {
  orderId: string;
  delivered: boolean;
  deliveredAt: string | null;
  locale: OrderLocale;
  lines: ReadonlyArray<{ productId: number; size: string; name: string; quantity: number; unitPricePaisa: number }>;
  /** The goods' share of the total the shopper paid (after discounts, without delivery), per catalog paisa. */
  paidShare: number;
  /** What the shopper paid in all (cash collected at delivery, or the bKash payment). */
  paidPaisa: number;
}

export interface ReturnSettings {
  windowDays: number;
  deliveryPayer: Record<ReturnReason, DeliveryPayer>;
  pickupChargePaisa: number;
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 7,
  deliveryPayer: { size_too_small: 'shopper', size_too_big: 'shopper', damaged: 'shop', not_as_pictured: 'shop', other: 'shopper' },
  pickupChargePaisa: 6000,
};

export type AskReturn = {
  type: 'AskReturn';
  data: {
    order: OrderForReturn;
    settings: ReturnSettings;
    now: Date;
    productId: number;
    size: string;
    unit: number;
    kind: ReturnKind;
    reason: ReturnReason;
    newSize: string | null;
    /** The new size's catalog price and whether it can be had now (its SKU's stock is decided by inventory in the same append). */
    newSizePricePaisa: number | null;
    newSizeSold: boolean;
    exchangeOrderId: string | null;
    /** The shopper's photo of the unit, when she attached one (its id under the order's folder of return photos). */
    photo?: string | null;
  };
};
type Step<T extends string, D = object> = { type: T; data: { returnId: string; now: Date } & D };
export type ApproveReturn = Step<'ApproveReturn'>;
export type RefuseReturn = Step<'RefuseReturn', { reason: string }>;
export type MarkReturnCalled = Step<'MarkReturnCalled'>;
export type RequestReturnPickup = Step<'RequestReturnPickup', { courier: string }>;
export type RecordReturnPickup = Step<'RecordReturnPickup', { courier: string; courierName: string; consignmentId: string; trackingCode: string }>;
export type ReceiveReturn = Step<'ReceiveReturn', { condition: 'stock' | 'damaged' }>;
export type RecordExchangeOrder = Step<'RecordExchangeOrder'>;
export type RecordReturnRefund = Step<'RecordReturnRefund', { method: RefundMethod; amountPaisa: number; refundTrxId: string | null; orderPaidPaisa: number }>;

export type ReturnCommand = AskReturn | ApproveReturn | RefuseReturn | MarkReturnCalled | RequestReturnPickup | RecordReturnPickup | ReceiveReturn | RecordExchangeOrder | RecordReturnRefund;

const open = (stage: ReturnStage) => OPEN_RETURN_STAGES.includes(stage);

/** The last moment a request may be made: the window's days after delivery. */
export function windowEnd(deliveredAt: string, windowDays: number): Date {
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS);
}

/** What one unit paid, in paisa: its catalog price times the goods' share of the total after discounts. */
export const paidForUnit = (unitPricePaisa: number, paidShare: number) => Math.round(unitPricePaisa * paidShare);

/** What a request costs and gives back, as the answer and the request record it. */
export function moneyOf(kind: ReturnKind, payer: DeliveryPayer, settings: ReturnSettings, unitPricePaisa: number, paidShare: number, newPricePaisa: number | null) {
  const pickupChargePaisa = payer === 'shopper' ? settings.pickupChargePaisa : 0;
  const paid = paidForUnit(unitPricePaisa, paidShare);
  if (kind === 'exchange') return { pickupChargePaisa, priceDifferencePaisa: Math.max(0, (newPricePaisa ?? unitPricePaisa) - unitPricePaisa), refundAmountPaisa: 0 };
  return { pickupChargePaisa, priceDifferencePaisa: 0, refundAmountPaisa: Math.max(0, paid - pickupChargePaisa) };
}

function decideAsk(command: AskReturn, state: ReturnsState): ReturnEvent[] {
  const { order, settings, now, productId, size, unit, kind, reason } = command.data;
  if (!RETURN_KINDS.includes(kind)) throw ValidationFailedError.field('kind', 'return-kind-invalid');
  if (!RETURN_REASONS.includes(reason)) throw ValidationFailedError.field('reason', 'return-reason-invalid');
  if (!order.delivered || !order.deliveredAt) throw new ConflictError('return-not-delivered');
  if (now.getTime() > windowEnd(order.deliveredAt, settings.windowDays).getTime()) throw new ConflictError('return-window-over', { days: settings.windowDays });
  const line = order.lines.find((candidate) => candidate.productId === productId && candidate.size === size);
  if (!line || !Number.isInteger(unit) || unit < 1 || unit > line.quantity) throw ValidationFailedError.field('unit', 'return-unit-unknown');
  const onUnit = Object.values(state.requests).filter((request) => request.productId === productId && request.size === size && request.unit === unit);
  if (onUnit.some((request) => open(request.stage))) throw new ConflictError('return-already-open');
  if (onUnit.some((request) => request.stage !== 'refused')) throw new ConflictError('return-unit-done');
  let newSize: string | null = null;
  if (kind === 'exchange') {
    newSize = command.data.newSize?.trim().toUpperCase() || null;
    if (!newSize || newSize === size) throw ValidationFailedError.field('new_size', 'exchange-size-required');
    if (!command.data.newSizeSold || command.data.newSizePricePaisa === null || !command.data.exchangeOrderId) {
      throw ValidationFailedError.field('new_size', 'exchange-size-unavailable', { size: newSize });
    }
  }
  const payer = settings.deliveryPayer[reason];
  const money = moneyOf(kind, payer, settings, line.unitPricePaisa, order.paidShare, command.data.newSizePricePaisa);
  const requested: ReturnRequested = {
    type: 'ReturnRequested',
    data: {
      returnId: `${order.orderId}-R${state.count + 1}`,
      orderId: order.orderId,
      at: now.toISOString(),
      productId,
      productName: line.name,
      size,
      unit,
      kind,
      reason,
      newSize,
      exchangeOrderId: kind === 'exchange' ? command.data.exchangeOrderId : null,
      unitPricePaisa: line.unitPricePaisa,
      newUnitPricePaisa: kind === 'exchange' ? command.data.newSizePricePaisa : null,
      deliveryPayer: payer,
      ...money,
      locale: order.locale,
      ...(command.data.photo ? { photo: command.data.photo } : {}),
    },
  };
  return [requested];
}

function requestOf(state: ReturnsState, returnId: string): ReturnRequestState {
  const request = state.requests[returnId];
  if (!request) throw new NotFoundError('return-unknown');
  return request;
}

function notNow(request: ReturnRequestState): never {
  throw new ConflictError('return-step-not-allowed', { stage: request.stage.replace('_', ' ') });
}

function decide(command: ReturnCommand, state: ReturnsState): ReturnEvent[] {
  if (command.type === 'AskReturn') return decideAsk(command, state);
  const request = requestOf(state, command.data.returnId);
  const orderId = command.data.returnId.replace(/-R\d+$/, '');
  const step = { returnId: request.returnId, orderId, at: command.data.now.toISOString() };
  switch (command.type) {
    case 'ApproveReturn':
      if (request.stage !== 'requested') notNow(request);
      return [{ type: 'ReturnApproved', data: step }];
    case 'RefuseReturn': {
      if (request.stage !== 'requested' && request.stage !== 'approved') notNow(request);
      const reason = command.data.reason?.trim();
      if (!reason) throw ValidationFailedError.field('reason', 'return-refusal-reason-required');
      return [{ type: 'ReturnRefused', data: { ...step, reason: reason.slice(0, 300) } }];
    }
    case 'MarkReturnCalled':
      if (!open(request.stage)) notNow(request);
      return [{ type: 'ReturnCalled', data: step }];
    case 'RequestReturnPickup':
      if (request.stage !== 'approved') notNow(request);
      if (request.pickupCourier === command.data.courier) return [];
      return [{ type: 'ReturnPickupRequested', data: { ...step, courier: command.data.courier } }];
    case 'RecordReturnPickup':
      if (request.pickupBooked) return [];
      if (request.stage !== 'approved') notNow(request);
      return [{ type: 'ReturnPickupBooked', data: { ...step, courier: command.data.courier, courierName: command.data.courierName, consignmentId: command.data.consignmentId, trackingCode: command.data.trackingCode } }];
    case 'ReceiveReturn':
      if (request.stage !== 'approved' && request.stage !== 'pickup_booked') notNow(request);
      return [{ type: 'ReturnReceived', data: { ...step, condition: command.data.condition } }];
    case 'RecordExchangeOrder':
      if (request.kind !== 'exchange') throw new ConflictError('return-is-return');
      if (request.exchangeCreated) return [];
      if (!['approved', 'pickup_booked', 'received'].includes(request.stage)) notNow(request);
      return [{ type: 'ExchangeOrderCreated', data: { ...step, exchangeOrderId: request.exchangeOrderId!, newSize: request.newSize!, collectPaisa: request.priceDifferencePaisa + request.pickupChargePaisa } }];
    case 'RecordReturnRefund': {
      if (request.kind !== 'return') throw new ConflictError('return-is-exchange');
      if (request.stage !== 'received') notNow(request);
      const { amountPaisa, method, refundTrxId, orderPaidPaisa } = command.data;
      const max = Math.min(request.refundAmountPaisa + request.pickupChargePaisa, orderPaidPaisa - state.refundedPaisa);
      if (!Number.isInteger(amountPaisa) || amountPaisa <= 0 || amountPaisa > max) {
        throw ValidationFailedError.field('amount', 'return-refund-exceeds-paid', { max: Math.max(0, max) / 100 });
      }
      return [{ type: 'ReturnRefunded', data: { ...step, method, amountPaisa, refundTrxId } }];
    }
  }
}

function evolve(state: ReturnsState, event: ReturnEvent): ReturnsState {
  if (event.type === 'ReturnRequested') {
    const data = event.data;
    const request: ReturnRequestState = {
      returnId: data.returnId, productId: data.productId, size: data.size, unit: data.unit, kind: data.kind, stage: 'requested',
      newSize: data.newSize, exchangeOrderId: data.exchangeOrderId, refundAmountPaisa: data.refundAmountPaisa, pickupChargePaisa: data.pickupChargePaisa,
      priceDifferencePaisa: data.priceDifferencePaisa, unitPricePaisa: data.unitPricePaisa, refundedPaisa: 0, pickupCourier: null, pickupBooked: false, exchangeCreated: false,
      refusal: null,
    };
    return { ...state, count: state.count + 1, requests: { ...state.requests, [data.returnId]: request } };
  }
  const current = state.requests[event.data.returnId];
  if (!current) return state;
  const next = { ...current };
  let refunded = state.refundedPaisa;
  switch (event.type) {
    case 'ReturnApproved': next.stage = 'approved'; break;
    case 'ReturnRefused': next.stage = 'refused'; next.refusal = event.data.reason; break;
    case 'ReturnCalled': break;
    case 'ReturnPickupRequested': next.pickupCourier = event.data.courier; break;
    case 'ReturnPickupBooked': next.stage = 'pickup_booked'; next.pickupBooked = true; break;
    case 'ReturnReceived': next.stage = 'received'; break;
    case 'ExchangeOrderCreated': next.exchangeCreated = true; next.stage = current.stage === 'received' ? 'exchanged' : current.stage; break;
    case 'ReturnRefunded': next.stage = 'refunded'; next.refundedPaisa += event.data.amountPaisa; refunded += event.data.amountPaisa; break;
  }
  // An exchange whose unit is back and whose new size is on its way is done.
  if (event.type === 'ReturnReceived' && next.kind === 'exchange' && next.exchangeCreated) next.stage = 'exchanged';
  return { ...state, refundedPaisa: refunded, requests: { ...state.requests, [next.returnId]: next } };
}

/** The rules of one order's returns and exchanges (`returns-<orderId>`). */
export const returnsDecider: Decider<ReturnCommand, ReturnEvent, ReturnsState> = { decide, evolve, initialState: initialReturnsState };
