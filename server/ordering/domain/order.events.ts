/**
 * Facts about one order, recorded on stream `order-<id>`. Every event is consumed by the order-tracking
 * projection (`order_details`, also written inline at checkout for the confirmation page) and the care
 * timeline projection (`order_timeline`); who did it and why travel in the event metadata (actor, note).
 */
import type { OrderAttribution } from './attribution';
import type { Actor, EventMetadata } from '../../event-store/event-store.types';
import type { Paisa } from './money';
import { ORDER_PAYMENT_EVENT_TYPES, type OrderPaymentEvent } from './order-payment.events';
import { PARCEL_STAGE_CODES, type ParcelStageCode } from '../../../contracts/shipments';

/** 1: placed online by the shopper; 2: an instant order taken by staff. */
export type OrderType = 1 | 2;

export type PaymentMethod = 'cash' | 'bkash';
export type ShippingZone = 'inside' | 'outside';

/** A bought line as priced by the server from the catalog at the moment of the order. */
export interface OrderLine {
  productId: number;
  size: string;
  name: string;
  slug: string;
  thumbnail: string;
  quantity: number;
  unitPricePaisa: Paisa;
}

export interface OrderCustomer {
  name: string;
  email: string | null;
  phone: string;
  address: string;
  shippingPhone: string;
  /** The logged-in customer who placed it; null for a guest checkout. */
  userId: string | null;
}

/**
 * A shopper's online checkout (order type 1) was accepted: every line priced from the catalog, stock reserved
 * on the SKU streams and the coupon redeemed in the same append. Fires from `PlaceOrder`. Consumed by the
 * order read models (tracking, confirmation, customer history), the care timeline and the order mail.
 */
export type OrderPlaced = {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    orderType: 1;
    placedAt: string;
    customer: OrderCustomer;
    /**
     * `viaGateway`: the shopper pays through the store's payment gateway (bKash checkout or the demo, issue 34)
     * after placing the order, instead of typing a transaction id; absent: the manual fields (or cash).
     */
    payment: { method: PaymentMethod; bkashNumber: string | null; transactionId: string | null; viaGateway?: true };
    /**
     * `zone`: the specification's inside or outside Dhaka. Since issue 30, an order with a picked area also names
     * its delivery zone (`zoneId`) and the weight it was priced for (ADR 059).
     */
    shipping: { zone: ShippingZone; chargePaisa: Paisa; zoneId?: string; weightGrams?: number };
    /** Issue 30: the picked district and thana (absent: a free-text address only, `customer.address`). */
    deliveryArea?: DeliveryArea;
    /** Issue 30: the advance by bKash care must see verified before confirming (absent: none needed). */
    advance?: OrderAdvance;
    lines: OrderLine[];
    coupon: { code: string; percent: number } | null;
    /** The lucky-draw offer's discount on the lines added from the offer page (absent: none). */
    offer?: OrderOffer | null;
    totals: { subtotalPaisa: Paisa; discountPaisa: Paisa; deliveryChargePaisa: Paisa; grandTotalPaisa: Paisa };
    /**
     * Store credit the order spent (ADR 062): `grandTotalPaisa` is what is left to pay after it, the credit's own
     * stream (`credit-<phone pseudonym>`) records the same spend in the same append. Absent: none spent.
     */
    storeCredit?: OrderStoreCredit;
    /** Lucky-draw tokens, one per unit bought (spec §9); shown as the order's "coupons". */
    luckyDrawTokens: string[];
    /** The language the shopper ordered in (issue 18); its mails and SMS are written in it. Absent: English. */
    locale?: OrderLocale;
    /** The contact phone was proven by a one-time code at checkout (absent: not proven). */
    phoneVerified?: true;
    /** Issue 33: where the shopper came from, when the storefront could tell (absent: a direct visit). */
    attribution?: OrderAttribution;
    /**
     * Only in orders placed before events had their own metadata: who placed it, from which request, because
     * a batch shared one metadata then (ADR 017). Read through `withPlacementMetadata`; new orders carry this
     * in their metadata, like every other event.
     */
    placedBy?: LegacyOrderPlacement;
  };
};

/**
 * The lucky-draw offer's discount on an order: its percent of the catalog price of the units added from the
 * offer page. `lines` names those units per line (since issue 27; absent in older orders, where
 * `offerUnitsOf` finds them from the discount); an amendment recomputes the discount by this rule.
 */
export interface OrderOffer {
  offerId: string;
  percent: number;
  discountPaisa: Paisa;
  lines?: LineKey[];
}

/**
 * Where an order goes, as picked from the area list (ADR 059): the area's id (`t-12`, `u-365`, `d-47`), its
 * district and thana or upazila (English names, null thana when only a district was picked), and an optional
 * landmark. The house, road and area text stays `customer.address`. The thana, the area id and the landmark are
 * personal fields (sealed, erased with the person); the district is not.
 */
export interface DeliveryArea {
  areaId: string;
  district: string;
  thana: string | null;
  landmark: string | null;
}

/** The advance an order needs before it is confirmed (paisa) and why (ADR 059). */
export interface OrderAdvance {
  paisa: Paisa;
  reasons: string[];
}

/** Store credit an order spent and the stream it came from (given back there if the order is cancelled or expires). */
export interface OrderStoreCredit {
  paisa: Paisa;
  streamId: string;
}

/** The storefront's languages: English (the default) and Bengali. */
export type OrderLocale = 'en' | 'bn';

export interface LegacyOrderPlacement {
  actor: Actor;
  requestId: string | null;
  correlationId: string;
}

/**
 * A staff member took an order over the phone (order type 2, "instant order"): the money is what staff
 * agreed with the customer (amount, discount, advance, due), lines are reserved like an online order's.
 * Fires from `PlaceInstantOrder`. Consumed by the same read models as `OrderPlaced`.
 */
export type InstantOrderPlaced = {
  type: 'InstantOrderPlaced';
  data: {
    orderId: string;
    orderType: 2;
    placedAt: string;
    customer: OrderCustomer;
    payment: { type: string; amountPaisa: Paisa; discountPaisa: Paisa; advancePaisa: Paisa; duePaisa: Paisa };
    lines: OrderLine[];
    /**
     * Issue 35 (ADR 062): the linked order that ships a size exchange's new size, placed by the returns context
     * through ordering's ReturnDesk; its unit was reserved when the shopper asked. Its texts use `locale`.
     */
    exchangeFor?: { orderId: string; returnId: string; locale: OrderLocale };
  };
};

/** Care called the customer and the order stands. Fires from `ConfirmOrder`. Consumed by read models, timeline. */
export type OrderConfirmed = { type: 'OrderConfirmed'; data: { orderId: string; at: string } };

/** The warehouse started picking and packing. Fires from `StartProcessing`. Consumed by read models, timeline. */
export type OrderProcessingStarted = { type: 'OrderProcessingStarted'; data: { orderId: string; at: string } };

/** The parcel left with a courier. Fires from `ShipOrder`. Consumed by read models, timeline (and later shipping mail). */
export type OrderShipped = {
  type: 'OrderShipped';
  /**
   * `cashToCollectPaisa` (issue 31): what the courier collects from the shopper, decided when the order ships
   * (0: paid by bKash); the shipped SMS names it. Absent on orders shipped before.
   */
  data: { orderId: string; at: string; courier: string | null; trackingCode: string | null; cashToCollectPaisa?: number };
};

/** The customer received the parcel. Fires from `DeliverOrder`. Consumed by read models (celebration message), timeline. */
export type OrderDelivered = { type: 'OrderDelivered'; data: { orderId: string; at: string } };

/**
 * The order will not be fulfilled. Fires from `CancelOrder` (reason required), in the same append as the
 * `StockReleased` of every line and the coupon's `CouponRedemptionReleased`. Consumed by read models, timeline.
 */
export type OrderCancelled = { type: 'OrderCancelled'; data: { orderId: string; at: string; reason: string } };

/**
 * The customer sent the delivered goods back. Fires from `ReturnOrder`, in the same append as the
 * `StockReleased` that restocks every line. Consumed by read models, timeline.
 */
export type OrderReturned = { type: 'OrderReturned'; data: { orderId: string; at: string; reason: string } };

/**
 * Nobody confirmed the order within the store's pending-order lifetime (`pendingHours`, a setting): it
 * expires on its own. Fires from `ExpireOrder` (a delayed job per order and a sweep over the read model), in
 * the same append as the `StockReleased` of every line and the coupon's `CouponRedemptionReleased`, like a
 * cancellation. Consumed by read models, timeline and the per-phone risk record.
 */
export type OrderExpired = {
  type: 'OrderExpired';
  /** `unpaidHoldMinutes`: a gateway order expired because it was not paid within the hold (issue 34). */
  data: { orderId: string; at: string; pendingHours: number; unpaidHoldMinutes?: number };
};

/** Care checked the bKash transfer against the statement. Fires from `MarkBkashPaymentVerified`. Consumed by read models, timeline. */
export type BkashPaymentVerified = { type: 'BkashPaymentVerified'; data: { orderId: string; at: string; transactionId: string } };

export interface OrderTotals {
  subtotalPaisa: Paisa;
  discountPaisa: Paisa;
  deliveryChargePaisa: Paisa;
  grandTotalPaisa: Paisa;
}

/** A line as an amendment names it: which product, which size, how many. */
export interface LineKey {
  productId: number;
  size: string;
  quantity: number;
}

/**
 * Care added a line on the customer's request (issue 14). Fires from `AmendOrder` in the same append as the
 * line's `StockReserved`. `lines` and `totals` are the order's after the change, recomputed by the server
 * from the catalog (the offer's percent on its units, then the coupon's percent on what is left, as at
 * checkout). An order placed with an offer discount carries `offer`, the discount as recomputed, null once
 * none of the offer's units is left (since issue 27; older amendments dropped the discount).
 * Consumed by read models and timeline.
 */
export type OrderLineAdded = {
  type: 'OrderLineAdded';
  data: { orderId: string; at: string; line: OrderLine; lines: OrderLine[]; totals: OrderTotals; offer?: OrderOffer | null; previousGrandTotalPaisa?: number };
};

/**
 * Care changed a line's size or quantity. Fires from `AmendOrder` with the `StockReleased` / `StockReserved`
 * that move the units in the same append. Consumed by read models and timeline.
 */
export type OrderLineChanged = {
  type: 'OrderLineChanged';
  data: { orderId: string; at: string; from: LineKey; to: LineKey; lines: OrderLine[]; totals: OrderTotals; offer?: OrderOffer | null; previousGrandTotalPaisa?: number };
};

/**
 * Care removed a line; its units are released in the same append. Consumed by read models and timeline.
 * The three line amendments carry `previousGrandTotalPaisa` since issue 31: the total before the change, so
 * the timeline says "৳1,200 → ৳1,380" and the shopper is texted once when the total moved (SMS subscription).
 */
export type OrderLineRemoved = {
  type: 'OrderLineRemoved';
  data: { orderId: string; at: string; line: LineKey; lines: OrderLine[]; totals: OrderTotals; offer?: OrderOffer | null; previousGrandTotalPaisa?: number };
};

/** Care changed where the parcel goes: the shipping address and phone. Consumed by read models and timeline. */
export type ShippingDetailsChanged = {
  type: 'ShippingDetailsChanged';
  data: {
    orderId: string;
    at: string;
    address: string;
    shippingPhone: string;
    /** Issue 30: care changed the picked area too: the new one, and the one it replaced (null: none before). */
    deliveryArea?: DeliveryArea;
    previousArea?: DeliveryArea | null;
    /**
     * Issue 30 (ADR 061): the new area is in another zone (or prices the weight otherwise): the delivery charge it
     * had and the one it has now, the new zone, and the order's totals after it. Absent when the charge stays.
     */
    delivery?: { previousChargePaisa: number; chargePaisa: number; zoneId: string };
    totals?: OrderTotals;
    /** With `totals`: the grand total before the change, so the shopper is texted the new one (issue 31). */
    previousGrandTotalPaisa?: number;
    /** Issue 31: the address and shipping phone this change replaced, when it changed them (personal, ADR 053). */
    previousAddress?: string;
    previousShippingPhone?: string;
  };
};

export type CallOutcome = 'reached' | 'not_reached' | 'confirmed' | 'refused';
export const CALL_OUTCOMES: readonly CallOutcome[] = ['reached', 'not_reached', 'confirmed', 'refused'];

/**
 * Care called the customer to confirm the order and says how the call went: reached, not reached, the
 * customer confirmed, the customer refused. Fires from `RecordCallOutcome` (a note may say more). Consumed by
 * the care timeline; the order's status moves only by its own steps.
 */
export type ConfirmationCallRecorded = { type: 'ConfirmationCallRecorded'; data: { orderId: string; at: string; outcome: CallOutcome } };

/** A staff member wrote a note on the order. Fires from `AddOrderNote`. Consumed by the care timeline. */
export type OrderNoteAdded = { type: 'OrderNoteAdded'; data: { orderId: string; at: string; note: string } };

/** Where a parcel is, in the store's words: the stages of the wire contract (contracts/shipments.ts), which the courier port maps every courier's statuses onto. */
export type ParcelStageName = ParcelStageCode;
export const PARCEL_STAGE_NAMES = PARCEL_STAGE_CODES;

/**
 * Care asked a courier to carry the order (issue 29): recorded before the courier is called (intent before
 * effect, ADR 056), so a retry or a crash afterwards asks the courier for the parcel by our order id before it
 * books again. Fires from `RequestShipmentBooking`. Changes no status. Consumed by the care timeline and
 * fulfilment's parcel list.
 */
export type ShipmentBookingRequested = {
  type: 'ShipmentBookingRequested';
  data: { orderId: string; at: string; courier: string; amountToCollectPaisa: number };
};

/**
 * The courier accepted the parcel: its consignment id, the code a person tracks it by, the courier's own
 * status word and its tracking page. Fires from `RecordShipmentBooked`, once per order. Changes no status
 * (the order ships when the courier picks the parcel up). Consumed by the tracking answer, the timeline and
 * fulfilment's parcel list.
 */
export type ShipmentBooked = {
  type: 'ShipmentBooked';
  data: {
    orderId: string;
    at: string;
    courier: string;
    /** The courier's name as shoppers read it ("Steadfast", "Demo courier", or the courier care named for a manual booking). */
    courierName: string;
    consignmentId: string;
    trackingCode: string;
    trackingUrl: string | null;
    courierStatus: string;
    deliveryFeePaisa: number | null;
    amountToCollectPaisa: number;
  };
};

/** One step of the parcel as the courier told it (its own status word kept beside our stage). */
export interface ParcelStepData {
  stage: ParcelStageName;
  courierStatus: string;
  /** When the courier says it happened. */
  at: string;
  message: string | null;
  messageBn: string | null;
  /** Cash the rider collected and the courier's charge, when the courier said (kept for the payout's matching). */
  collectedPaisa: number | null;
  deliveryChargePaisa: number | null;
}

/**
 * A courier step of the booked parcel (a webhook, the polling job, care for a manual or demo parcel). A step
 * already recorded (same courier status and time) is not recorded again. `current`: the step is now where the
 * parcel is (a step older than the latest, or one after the parcel arrived, is kept in the history only).
 * `notify: 'out-for-delivery'` on the first current out-for-delivery step: the shopper gets one SMS.
 * Fires from `RecordParcelStep`, with `OrderShipped` (first step past booking) and `OrderDelivered`
 * (delivered) in the same append when the step moves the order's status. Consumed by the tracking answer,
 * the timeline, fulfilment's parcel list and the SMS subscription.
 */
export type ParcelStepRecorded = {
  type: 'ParcelStepRecorded';
  data: { orderId: string; at: string; courier: string; consignmentId: string; step: ParcelStepData; current: boolean; notify?: 'out-for-delivery' };
};

/**
 * Care received the returned parcel: the units back in stock and the units damaged (not restocked). Fires from
 * `ReceiveReturnedParcel` with the `StockReleased` of the restocked units; the order is returned and the
 * phone's risk record counts it. Consumed by read models, timeline, phone risk and fulfilment's parcel list.
 */
export type ReturnedParcelReceived = {
  type: 'ReturnedParcelReceived';
  data: { orderId: string; at: string; restocked: LineKey[]; damaged: LineKey[] };
};

export type OrderEvent =
  | OrderPaymentEvent
  | OrderPlaced
  | InstantOrderPlaced
  | OrderConfirmed
  | OrderProcessingStarted
  | OrderShipped
  | OrderDelivered
  | OrderCancelled
  | OrderReturned
  | OrderExpired
  | BkashPaymentVerified
  | ConfirmationCallRecorded
  | OrderLineAdded
  | OrderLineChanged
  | OrderLineRemoved
  | ShippingDetailsChanged
  | OrderNoteAdded
  | ShipmentBookingRequested
  | ShipmentBooked
  | ParcelStepRecorded
  | ReturnedParcelReceived;

export const ORDER_EVENT_TYPES: ReadonlyArray<OrderEvent['type']> = [
  'OrderPlaced',
  'InstantOrderPlaced',
  'OrderConfirmed',
  'OrderProcessingStarted',
  'OrderShipped',
  'OrderDelivered',
  'OrderCancelled',
  'OrderReturned',
  'OrderExpired',
  'BkashPaymentVerified',
  'ConfirmationCallRecorded',
  'OrderLineAdded',
  'OrderLineChanged',
  'OrderLineRemoved',
  'ShippingDetailsChanged',
  'OrderNoteAdded',
  ...ORDER_PAYMENT_EVENT_TYPES,
  'ShipmentBookingRequested',
  'ShipmentBooked',
  'ParcelStepRecorded',
  'ReturnedParcelReceived',
];

/**
 * Upcaster for `OrderPlaced` recorded with `placedBy` (before ADR 017's compromise went): its metadata becomes
 * the placing request's (actor, request and correlation ids), as a new event records it, and `placedBy` leaves
 * the data. Any other event is returned as it is.
 */
export function withPlacementMetadata<E extends { type: string; data: unknown; metadata: EventMetadata }>(recorded: E): E {
  if (recorded.type !== 'OrderPlaced') return recorded;
  const { placedBy, ...data } = recorded.data as OrderPlaced['data'];
  if (!placedBy) return recorded;
  const metadata = { ...recorded.metadata, actor: placedBy.actor, requestId: placedBy.requestId, correlationId: placedBy.correlationId };
  return { ...recorded, data, metadata };
}
