/** Courier bookings and parcel steps (issue 29): the care console's shipment panel, the tracking page's parcel. */

export type CourierCode = 'steadfast' | 'pathao' | 'redx' | 'demo' | 'manual';

export type ParcelStageCode =
  | 'booked'
  | 'picked-up'
  | 'in-transit'
  | 'out-for-delivery'
  | 'delivered'
  | 'partly-delivered'
  | 'delivery-failed'
  | 'on-hold'
  | 'returning'
  | 'returned'
  | 'cancelled';

export const PARCEL_STAGE_CODES: readonly ParcelStageCode[] = [
  'booked',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'partly-delivered',
  'delivery-failed',
  'on-hold',
  'returning',
  'returned',
  'cancelled',
];

/** One step of the parcel: our stage, the courier's own word and message, when it happened. Amounts in Taka. */
export interface ParcelStepResponse {
  stage: ParcelStageCode;
  courier_status: string;
  at: string;
  message: string | null;
  message_bn: string | null;
  collected: number | null;
  delivery_charge: number | null;
}

/** The order's parcel as the shopper and care see it. */
export interface ShipmentResponse {
  courier: string;
  /** The courier's name for people ("Steadfast", "Demo courier"). */
  courier_name: string;
  consignment_id: string;
  tracking_code: string;
  /** The courier's own tracking page for this parcel (none for a manual booking). */
  tracking_url: string | null;
  /** Where the parcel is now (the latest step; `booked` before the first). */
  stage: ParcelStageCode;
  courier_status: string;
  booked_at: string;
  /** What the rider collects, in Taka. */
  amount_to_collect: number;
  /** Every step, oldest first. */
  steps: ParcelStepResponse[];
}

/** The answer to a booking: 201 for a new parcel, 200 with the parcel the order already had. */
export interface ShipmentBookedResponse {
  success: true;
  order_id: string;
  courier: string;
  courier_name: string;
  consignment_id: string;
  tracking_code: string;
  tracking_url: string | null;
  courier_status: string;
  amount_to_collect: number;
  /** True when the order was already booked: this is that parcel, not a second one. */
  already_booked: boolean;
}

/** One order of a batch booking. */
export interface BatchBookingResult {
  order_id: string;
  ok: boolean;
  consignment_id: string | null;
  tracking_code: string | null;
  already_booked: boolean;
  error: { code: string; message: string } | null;
}

export interface BatchBookingResponse {
  success: true;
  booked: number;
  failed: number;
  results: BatchBookingResult[];
}

/** A courier the store can book with now. */
export interface CourierOptionResponse {
  courier: CourierCode;
  name: string;
  mode: 'live' | 'demo';
  label: string;
  /** Books by its own area ids (Pathao, RedX): refuses an order whose district cannot be told (issue 30). */
  needs_district: boolean;
}

/** Care's shipment panel: who receives the parcel, what to collect, the couriers, and the parcel once booked. */
export interface CareShipmentResponse {
  success: true;
  order_id: string;
  status: string;
  recipient: { name: string; phone: string; address: string };
  /**
   * Where the parcel goes as couriers that book by area read it (issue 30, ADR 059): the picked area's district
   * and thana, else the district the free text names (`from_text`); `incomplete` when the district cannot be
   * told: couriers with `needs_district` refuse the booking (422 `address-incomplete`) until care completes it.
   */
  place: { district: string | null; thana: string | null; from_text: boolean; incomplete: boolean };
  amount_to_collect: number;
  couriers: CourierOptionResponse[];
  default_courier: CourierCode;
  /** A booking asked for and not answered yet (a crash, or a booking in flight). */
  booking_pending: { courier: string; requested_at: string } | null;
  shipment: ShipmentResponse | null;
  return_received: { restocked: Array<{ product_id: number; size: string; quantity: number }>; damaged: Array<{ product_id: number; size: string; quantity: number }> } | null;
}

export interface ShipmentStepRecordedResponse {
  success: true;
  order_id: string;
  recorded: boolean;
  status: string;
  shipment: ShipmentResponse | null;
}

/** One area of the store's list that a courier's location lists cannot place (issue 30). */
export interface UnmappedAreaResponse {
  area_id: string;
  kind: 'district' | 'upazila' | 'thana';
  name: string;
  name_bn: string;
  district: string;
  district_bn: string;
  /** `district`: the courier lists nothing for the district; `thana`: the district is known, the thana is not. */
  unmapped: 'district' | 'thana';
}

/** Care's review list: the areas orders were placed to that a courier maps to nothing (issue 30). */
export interface UnmappedAreasResponse {
  success: true;
  courier: 'pathao' | 'redx';
  /** False when the courier is not set up in this store: nothing was looked up. */
  configured: boolean;
  /** Areas orders were placed to, looked up in the courier's lists. */
  checked: number;
  data: UnmappedAreaResponse[];
}
