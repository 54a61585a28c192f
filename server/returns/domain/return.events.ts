/**
 * Facts about the returns and size exchanges of one order, recorded on stream `returns-<orderId>` (issue 35,
 * ADR 062): every request of the order's units, and care's and the courier's steps on each. The events carry no
 * personal field (the shopper is the order's; the phone and address stay sealed on the order's stream). Who did
 * it travels in the metadata (actor, note). Consumed by the `returns` and `return_stats` projections and the SMS
 * subscription (approved, pick-up booked, received, refunded, exchange shipped).
 */
import type { DeliveryPayer, RefundMethod, ReturnKind, ReturnReason } from '../../../contracts/returns';
import type { OrderLocale } from '../../ordering/published';

interface Step {
  returnId: string;
  orderId: string;
  at: string;
}

/**
 * The shopper asked to return or exchange one unit of a delivered line. For an exchange the new size's unit is
 * reserved in the same append (`StockReserved` on its SKU stream, held by `exchangeOrderId`, the order that will
 * carry it). The money is worked out when asked: what the pick-up costs the shopper, the price difference an
 * exchange collects, what a return refunds.
 */
export type ReturnRequested = {
  type: 'ReturnRequested';
  data: Step & {
    productId: number;
    productName: string;
    size: string;
    unit: number;
    kind: ReturnKind;
    reason: ReturnReason;
    newSize: string | null;
    exchangeOrderId: string | null;
    unitPricePaisa: number;
    newUnitPricePaisa: number | null;
    deliveryPayer: DeliveryPayer;
    pickupChargePaisa: number;
    priceDifferencePaisa: number;
    refundAmountPaisa: number;
    locale: OrderLocale;
    /**
     * The id of the photo the shopper attached (issue 35), stored privately under DATA_DIR/uploads/returns/<orderId>/
     * and shown to care only; absent when she attached none (and in requests made before photos).
     */
    photo?: string;
  };
};

/** Care approved the request. */
export type ReturnApproved = { type: 'ReturnApproved'; data: Step };
/** Care refused it, with a reason the shopper reads; an exchange's reserved unit goes back to stock in the same append. */
export type ReturnRefused = { type: 'ReturnRefused'; data: Step & { reason: string } };
/** Care called the shopper about the request. */
export type ReturnCalled = { type: 'ReturnCalled'; data: Step };
/** Care asked a courier to pick the unit up: recorded before the courier is called (intent before effect). */
export type ReturnPickupRequested = { type: 'ReturnPickupRequested'; data: Step & { courier: string } };
/** The courier booked the pick-up (for an exchange: the new size goes out with the same rider). */
export type ReturnPickupBooked = {
  type: 'ReturnPickupBooked';
  data: Step & { courier: string; courierName: string; consignmentId: string; trackingCode: string };
};
/**
 * The unit came back and care checked it: to stock (`StockReleased` of the order's reservation), or damaged, not
 * sellable (`StockReleased` and `StockAdjusted` by -1, reason "damaged return"), in the same append.
 */
export type ReturnReceived = { type: 'ReturnReceived'; data: Step & { condition: 'stock' | 'damaged' } };
/** The linked order that ships the new size was placed, collecting only the difference (and the pick-up charge). */
export type ExchangeOrderCreated = {
  type: 'ExchangeOrderCreated';
  data: Step & { exchangeOrderId: string; newSize: string; collectPaisa: number };
};
/** The return was refunded: to bKash (its refund transaction id), as cash handed back, or as store credit. */
export type ReturnRefunded = {
  type: 'ReturnRefunded';
  data: Step & { method: RefundMethod; amountPaisa: number; refundTrxId: string | null };
};

export type ReturnEvent =
  | ReturnRequested
  | ReturnApproved
  | ReturnRefused
  | ReturnCalled
  | ReturnPickupRequested
  | ReturnPickupBooked
  | ReturnReceived
  | ExchangeOrderCreated
  | ReturnRefunded;

export const RETURN_EVENT_TYPES: ReadonlyArray<ReturnEvent['type']> = [
  'ReturnRequested',
  'ReturnApproved',
  'ReturnRefused',
  'ReturnCalled',
  'ReturnPickupRequested',
  'ReturnPickupBooked',
  'ReturnReceived',
  'ExchangeOrderCreated',
  'ReturnRefunded',
];

/** The events a shopper gets an SMS for (in the order's language). */
export const RETURN_SMS_EVENTS = ['ReturnApproved', 'ReturnRefused', 'ReturnPickupBooked', 'ReturnReceived', 'ExchangeOrderCreated', 'ReturnRefunded'] as const;

/** Return settings (stream `return-settings`): the window after delivery, who pays the pick-up per reason. */
export type ReturnSettingsChanged = {
  type: 'ReturnSettingsChanged';
  data: { windowDays: number; deliveryPayer: Record<ReturnReason, DeliveryPayer>; pickupChargePaisa: number; at: string };
};

/** Store credit of one phone (stream `credit-<phone pseudonym>`), never below zero. */
export type StoreCreditGranted = { type: 'StoreCreditGranted'; data: { amountPaisa: number; orderId: string; returnId: string; at: string } };
export type StoreCreditSpent = { type: 'StoreCreditSpent'; data: { amountPaisa: number; orderId: string; at: string } };
/** Credit an order spent, given back when that order is cancelled, withdrawn or expires. */
export type StoreCreditRestored = { type: 'StoreCreditRestored'; data: { amountPaisa: number; orderId: string; reason: string; at: string } };
export type StoreCreditEvent = StoreCreditGranted | StoreCreditSpent | StoreCreditRestored;
export const STORE_CREDIT_EVENT_TYPES: ReadonlyArray<StoreCreditEvent['type']> = ['StoreCreditGranted', 'StoreCreditSpent', 'StoreCreditRestored'];

export const returnsStreamId = (orderId: string) => `returns-${orderId}`;
export const RETURN_SETTINGS_STREAM = 'return-settings';
export const creditStreamId = (phonePseudonym: string) => `credit-${phonePseudonym}`;
