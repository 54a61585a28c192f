import type { CourierCode, ParcelStageCode } from '../../../contracts/shipments';
import type { OutsideAdapter } from '../../outside/outside-adapter';

/**
 * The courier port (ADR 056): what the fulfilment context asks of a courier, in its own words. Steadfast,
 * Pathao and RedX are `live` adapters of it; the demo courier (everything inside the store) and the manual
 * courier (care books by phone and types the tracking code) are the adapters a shop without an account uses.
 * Nothing outside `server/fulfilment` knows a provider exists.
 */

/** Couriers the store can book with; the name is the `{courier}` of the webhook route and of the booking body. */
export type CourierName = CourierCode;

export const COURIER_NAMES: readonly CourierName[] = ['steadfast', 'pathao', 'redx', 'demo', 'manual'];

/**
 * Where a parcel is, in the store's words. Every courier's own statuses map onto these (each adapter keeps the
 * courier's own word beside ours, in `ParcelStep.courierStatus`).
 */
export type ParcelStage = ParcelStageCode;

/** One parcel to book: an order the shop confirmed, as the courier needs it. */
export interface ParcelRequest {
  /** Our order id: the courier's invoice / merchant order id, unique per order, so a retry finds the first booking. */
  orderId: string;
  recipientName: string;
  /** National 11-digit `01…` number. */
  recipientPhone: string;
  recipientAddress: string;
  /** The district, upazila or area as the store knows it, when it does (couriers that need area ids map it). */
  district?: string;
  /**
   * The thana or upazila of the order's picked area (issue 30, ADR 059), when it has one: Pathao's zone and
   * RedX's delivery area are looked up by it before the address text is searched.
   */
  thana?: string;
  /** The order's due amount in whole taka (what the rider collects; 0 for a prepaid order). */
  amountToCollectTaka: number;
  /** Number of units and their weight, for couriers that price by weight. */
  itemCount: number;
  weightGrams: number;
  /** One line for the label: "2 × Classic tee (L)". */
  itemDescription: string;
  note?: string;
  /** The manual courier only: the tracking code care typed. */
  trackingCode?: string;
}

/**
 * A pick-up from a shopper's door (issue 35, ADR 062): the unit a return or a size exchange sends back to the
 * shop; for an exchange the rider brings the new size in the same visit (the linked order's parcel). The
 * return id is the courier's invoice, so a retry finds the first booking.
 */
export interface PickupRequest {
  returnId: string;
  orderId: string;
  kind: 'exchange' | 'return';
  senderName: string;
  senderPhone: string;
  senderAddress: string;
  district?: string;
  /** The thana or upazila, when the order has a picked area (Pathao's zone, RedX's area). */
  thana?: string;
  /**
   * What the rider collects at the door, in whole taka. The store sends 0: an exchange's difference and pick-up
   * charge are the linked order's due (its own parcel collects them), and a return's pick-up charge comes off its
   * refund, so money is never asked twice.
   */
  amountToCollectTaka: number;
  itemDescription: string;
  /** The manual courier only: the tracking code care typed. */
  trackingCode?: string;
}

/** A parcel the courier accepted. */
export interface BookedParcel {
  /** The courier's id of the parcel (Steadfast `consignment_id`, Pathao `consignment_id`, RedX `tracking_id`). */
  consignmentId: string;
  /** The code a person types on the courier's tracking page (Steadfast `tracking_code`; the consignment id elsewhere). */
  trackingCode: string;
  /** The courier's own status word at booking (`in_review`, `Pending`, ...). */
  courierStatus: string;
  /** The delivery fee the courier quoted, in whole taka, when it said. */
  deliveryFeeTaka?: number;
}

/** One step of a parcel as the courier tells it. */
export interface ParcelStep {
  stage: ParcelStage;
  /** The courier's own status word, kept beside ours. */
  courierStatus: string;
  /** When the courier says it happened (ISO 8601). */
  at: string;
  /** The courier's message for people, in English and (RedX) Bengali, when it gave one. */
  message?: string;
  messageBn?: string;
  /** Cash the rider collected (delivered, partly delivered), the courier's charge, in whole taka, when it said. */
  collectedTaka?: number;
  deliveryChargeTaka?: number;
}

/** What the courier says of a parcel now: its latest step and, when the courier keeps them, every step. */
export interface ParcelState {
  consignmentId: string;
  latest: ParcelStep;
  steps: ParcelStep[];
}

/**
 * A webhook as it arrived: the verification happens in the adapter (each courier proves itself its own way),
 * and the answer is what the courier expects back.
 */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export type WebhookReading =
  /** Not from the courier (wrong token, missing header): answered 401, changes nothing. */
  | { verified: false }
  /**
   * From the courier. `signals` name the parcels it concerns: with a `step` when the courier's word can be
   * trusted as it is (Steadfast, RedX), or without one when it is only a nudge (Pathao's shared secret) and the
   * store must read the parcel back with `track`. `answer` is the body and status the courier expects, and the
   * headers it expects back (Pathao's integration check wants `X-Pathao-Merchant-Webhook-Integration-Secret`).
   */
  | {
      verified: true;
      signals: Array<{
        orderId?: string;
        consignmentId?: string;
        step?: ParcelStep;
        /** The parcel was paid for by this payout (Pathao `order.paid`), with the figures the webhook gave, if any. */
        payoutId?: string;
        paid?: { collectedTaka?: number; deliveryChargeTaka?: number; codFeeTaka?: number };
      }>;
      answer: { status: number; body: unknown; headers?: Record<string, string> };
    };

/** One payout: cash the courier sent the shop, and the parcels it pays for. */
export interface CourierPayout {
  payoutId: string;
  /** When the courier paid (ISO 8601). */
  paidAt: string;
  totalTaka: number;
  parcels: Array<{
    consignmentId: string;
    orderId?: string;
    collectedTaka: number;
    deliveryChargeTaka: number;
    codFeeTaka: number;
  }>;
}

/**
 * What a courier's own location lists make of a district and thana (issue 30): its city (Pathao) or its areas
 * in the district (RedX, which has no district id: the id is its first area's zone), and its zone (Pathao) or
 * area (RedX) of the thana; null where the lists have nothing of that name.
 */
export interface CourierPlace {
  district: { id: number; name: string } | null;
  thana: { id: number; name: string } | null;
}

export interface Courier extends OutsideAdapter {
  readonly service: 'courier';
  readonly name: CourierName;
  /**
   * True for couriers that book by their own area ids (Pathao, RedX): a parcel whose district cannot be told is
   * not sent to them (the store asks care to complete the address first, ADR 058).
   */
  readonly needsDistrict?: boolean;
  /** For couriers with location lists (Pathao, RedX): where a district and thana fall in them, from the cached lists. */
  locate?(place: { district: string; thana?: string | null }): Promise<CourierPlace>;
  /** The courier's public tracking page for a parcel, for the shopper's tracking page (none for manual). */
  trackingUrl(trackingCode: string): string | null;
  /**
   * Books the parcel, idempotently: the order id is the courier's invoice. When the courier refuses it as a
   * duplicate (or after a timeout) the adapter finds the parcel it already booked by invoice and returns that.
   * Throws an `OutsideServiceError` for a failure a retry may cure, a `CourierRefusal` for one it cannot.
   */
  book(parcel: ParcelRequest): Promise<BookedParcel>;
  /**
   * Books a pick-up of a returned or exchanged unit, idempotently by return id (issue 35, docs/couriers.md
   * "Pick-ups"): Steadfast's return request, a Pathao or RedX parcel from the shopper's door whose invoice is the
   * return id, the demo courier, or care's tracking code (manual).
   */
  bookPickup?(pickup: PickupRequest): Promise<BookedParcel>;
  /**
   * The pick-up the courier already holds for this return, or null: asked before booking again when the intent
   * was recorded and no answer was (a crash, a timeout). Couriers that cannot be asked by our id throw
   * `CourierOutcomeUnknown`, which sends the return to care instead of a second booking.
   */
  findPickup?(pickup: PickupRequest): Promise<BookedParcel | null>;
  /** The parcel the courier already holds for this order, or null: asked before booking again after a crash. */
  findByOrder(orderId: string): Promise<BookedParcel | null>;
  /** Where the parcel is now (the polling job for parcels whose webhooks are late; a Pathao webhook's read-back). */
  track(consignmentId: string, orderId: string): Promise<ParcelState>;
  /** Reads a webhook: verified or not, and what it says. */
  readWebhook(delivery: WebhookDelivery): WebhookReading;
  /** Payouts since a date, for couriers that list them (Steadfast `/payments`); null when the courier does not. */
  payouts(since: string): Promise<CourierPayout[] | null>;
}

/** A booking the courier refused and a retry will not cure (a bad phone number, an area it does not serve). */
export class CourierRefusal extends Error {
  constructor(
    readonly courier: CourierName,
    readonly reason: string,
  ) {
    super(`${courier} refused the parcel: ${reason}`);
    this.name = 'CourierRefusal';
  }
}

export const COURIERS = Symbol('COURIERS');
