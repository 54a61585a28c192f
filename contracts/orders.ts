/** Order answers: tracking, the order row and lines, customer history, care's view and its actions. */

import type { ShipmentResponse } from './shipments';

export type OrderStatusCode = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'returned' | 'expired';

/** Order tracking data; `coupons` are the lucky-draw tokens, comma separated. */
export interface OrderTrackingResponse {
  order_status_name: string;
  user_name: string;
  user_phone: string;
  user_email: string | null;
  order_date: string;
  coupons: string;
  orderId: string;
}

/** A step the shopper sees on the tracking page: what happened and when. Staff, notes and reasons stay inside. */
export interface TrackingStepResponse {
  step: 'placed' | OrderStatusCode | 'payment_verified';
  name: string;
  at: string;
}

export interface TrackingItemResponse {
  name: string;
  /** Issue 32: the product's Bengali name, when the shop gave it one. */
  name_bn?: string;
  slug: string;
  thumbnail: string;
  size: string;
  qty: number;
  price: number;
  total: number;
}

/**
 * What the tracking answer says beyond the spec's seven fields (issue 16), added beside them so those keep
 * their names and meaning: the steps with their times, the items and totals, the courier and tracking code
 * once shipped, and the lucky-draw tokens by their own name.
 */
export interface OrderTrackingDetailsResponse {
  status: OrderStatusCode;
  steps: TrackingStepResponse[];
  items: TrackingItemResponse[];
  currencySymbol: string;
  order_type: number;
  paymentMethod: string | null;
  bkash_verified: boolean;
  subtotal: number | null;
  discount_amount: number;
  devliery_charge: number | null;
  grand_total: number | null;
  /** ADR 062: store credit the order spent at checkout (absent: none); `grand_total` is what was left after it. */
  store_credit?: number;
  /** What the courier collects at the door: the grand total for cash on delivery, nothing once bKash paid it, an instant order's due. */
  pay_on_delivery: number;
  courier: string | null;
  tracking_code: string | null;
  lucky_draw_tokens: string[];
  /** The payment through bKash checkout (or the demo gateway), when the order has one (issue 34). */
  payment?: OrderPaymentView | null;
  /** The parcel once a courier booked it (issue 29): the courier, its tracking page and every step. */
  shipment: ShipmentResponse | null;
}

/** Order row; personal fields are null unless the caller may see them. */
export interface OrderRowResponse {
  orderId: string;
  order_status_name: string;
  customer_name: string | null;
  email: string | null;
  phone_number: string | null;
  address: string | null;
  shipping_phone: string | null;
  order_date: string;
  order_type: number;
  subtotal: number | null;
  discount: number;
  discount_amount: number;
  devliery_charge: number | null;
  grand_total: number | null;
  paymentMethod: string | null;
  bkash_number: string | null;
  transaction_id: string | null;
  payment_type: string | null;
  amount: number | null;
  advance: number | null;
  due: number | null;
  /** Issue 30 (ADR 059): the advance by bKash an online order waits for before it is confirmed; absent when none. */
  advance_required?: number;
  coupon_code: string | null;
  coupons: string;
  currencySymbol: string;
  /** Issue 32: a bKash order's payment is checked (verified by care, or paid through the gateway); absent for other payments. */
  bkash_paid?: boolean;
}

/** Order history line: `id` is the product's, `price` the unit price charged. */
export interface OrderHistoryLineResponse {
  productName: string;
  /** Issue 32: the product's Bengali name, when the shop gave it one. */
  name_bn?: string;
  name: string;
  id: number;
  slug: string;
  thumbnail: string;
  qty: number;
  size: string;
  price: number;
}

/** Dashboard order history row: `grand_total` for online orders, `amount` for instant ones. */
export interface CustomerOrderRowResponse {
  id: string;
  orderId: string;
  order_date: string;
  orderstatus: string;
  order_type: number;
  currencySymbol: string;
  grand_total: number | null;
  amount: number | null;
}

/** One line of the care timeline: what happened, when, who did it and what they wrote. */
export interface OrderTimelineEntryResponse {
  position: number;
  event: string;
  at: string;
  actor: { id: string; role: string; name: string | null };
  note: string | null;
  details: Record<string, unknown>;
}

/** What the store knows about a phone number as a customer (issue 14): its orders' outcomes and any block. */
export interface PhoneRiskResponse {
  phone: string;
  placed: number;
  delivered: number;
  returned: number;
  cancelled: number;
  expired: number;
  last_order_id: string | null;
  last_order_at: string | null;
  blocked: boolean;
  block_reason: string | null;
  blocked_at: string | null;
  /** The list badge, e.g. "2 of 5 returned". */
  badge: string;
}

/** Care's order page (GET /admin/orders/{id}): the row with personal fields, its lines and its timeline. */
export interface CareOrderResponse {
  orderrow: OrderRowResponse & {
    /** Sent by newer servers; otherwise read from the timeline. */
    bkash_verified?: boolean;
  };
  history: OrderHistoryLineResponse[];
  timeline: OrderTimelineEntryResponse[];
  /** When a pending online order expires on its own (ISO 8601); null for any other order. */
  expires_at: string | null;
  /** The risk record of the order's phones: the contact phone first, then a different shipping phone. */
  phone_risk: PhoneRiskResponse[];
  /** Issue 30 (ADR 059): where the order goes, as picked or as read from its free text. */
  delivery_area: CareDeliveryArea;
}

/** Care's view of an order's structured address (ADR 059). */
export interface CareDeliveryArea {
  /** The picked area (`t-12`); null for an address typed as free text only. */
  area_id: string | null;
  district: string | null;
  district_bn: string | null;
  thana: string | null;
  thana_bn: string | null;
  landmark: string | null;
  /** The delivery zone the order was priced by (null: the specification's inside/outside choice). */
  zone_id: string | null;
  /** True when no area was picked and the district was read from the free text. */
  district_from_text: boolean;
  /** Neither a picked area nor the free text tells the district: complete the address before booking a courier. */
  needs_completion: boolean;
  /** The advance (Taka) the order needs before it is confirmed; null when none. */
  advance_required: number | null;
}

/** The answer to a status step, the bKash check or a note. */
export interface OrderChangeResponse {
  success: boolean;
  orderId: string;
  status: string;
  order_status_name: string;
  message: string;
}

/** The answer to a phone (instant) order. */
export interface InstantOrderResponse {
  success: boolean;
  order_id: string;
  message: string;
}

/** The answer to a checkout (confirm-order): with `payment_url` when the shopper pays through bKash checkout (issue 34). */
export interface CheckoutResponse extends InstantOrderResponse {
  /** The gateway's page (bKash's `bkashURL`, or the demo's) to send the shopper to. */
  payment_url?: string;
}

/** An order's payment through a gateway, as tracking shows it (issue 34). */
export interface OrderPaymentView {
  /** `bkash` or `demo`. */
  gateway: string;
  /** awaiting (not paid yet), processing (being executed), paid, failed, refunded (all), partly_refunded. */
  state: 'awaiting' | 'processing' | 'paid' | 'failed' | 'refunded' | 'partly_refunded';
  trx_id: string | null;
  /** Taka paid and refunded. */
  amount: number;
  refunded: number;
  /** Why it failed, in the gateway's words. */
  failure: string | null;
  /** Issue 30: present (true) when the payment is the advance of a cash-on-delivery order, not its whole total. */
  advance?: true;
}

/** One row of care's order list (GET /admin/orders). */
export interface OrderListRow {
  orderId: string;
  order_type: number;
  status: OrderStatusCode;
  order_status_name: string;
  customer_name: string;
  phone: string;
  payment_method: string | null;
  bkash_verified: boolean;
  grand_total: number | null;
  amount: number | null;
  placed_at: string;
  /** The contact phone's record in short (issue 14); null before its first order is counted. */
  phone_risk: { badge: string; placed: number; returned: number; blocked: boolean } | null;
}

/**
 * `GET /api/admin/orders/latest-version` (issue 31): what care's open order list polls to know, cheaply, whether
 * to fetch the list again. `version` changes whenever an order is placed or changed (the latest change, in ms);
 * the newest order placed, to tell a new order from a changed one.
 */
export interface OrdersLatestVersionResponse {
  success: true;
  version: number;
  latest_order_id: string | null;
  latest_placed_at: string | null;
}
