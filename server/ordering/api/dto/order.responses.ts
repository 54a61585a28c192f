import { paisaToTaka } from '../../../common/money';
import { STATUS_NAMES } from '../../domain/order-status';
import type { OrderDetails, OrderLineDetails, OrderTimelineEntry } from '../../read-model/order-read-model';

/**
 * Answers built from the read models, field names as the storefront reads them (spec §3; `devliery_charge`
 * spelled so). Money is Taka as a number with at most two decimals (650, 1234.5), like the catalog's answers;
 * absent amounts are null (ADR 010).
 */
const taka = (paisa: number | null) => (paisa === null ? null : paisaToTaka(paisa));

/** Order tracking data (spec §3 "Order tracking data"); `coupons` are the lucky-draw tokens, comma separated. */
export interface OrderTrackingResponse {
  order_status_name: string;
  user_name: string;
  user_phone: string;
  user_email: string | null;
  order_date: string;
  coupons: string;
  orderId: string;
}

export function toTracking(order: OrderDetails): OrderTrackingResponse {
  return {
    order_status_name: STATUS_NAMES[order.status],
    user_name: order.customer_name,
    user_phone: order.phone,
    user_email: order.email,
    order_date: new Date(order.placed_at).toISOString(),
    coupons: order.lucky_draw_tokens.join(', '),
    orderId: order.order_id,
  };
}

/** Order row (spec §3 "Order row"); personal fields are null unless the caller may see them. */
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
  coupon_code: string | null;
  coupons: string;
  currencySymbol: string;
}

export function toOrderRow(order: OrderDetails, personal: boolean): OrderRowResponse {
  const mine = <T>(value: T) => (personal ? value : null);
  return {
    orderId: order.order_id,
    order_status_name: STATUS_NAMES[order.status],
    customer_name: mine(order.customer_name),
    email: mine(order.email),
    phone_number: mine(order.phone),
    address: mine(order.address),
    shipping_phone: mine(order.shipping_phone),
    order_date: new Date(order.placed_at).toISOString(),
    order_type: order.order_type,
    subtotal: taka(order.subtotal_paisa),
    discount: Number(order.discount_percent),
    discount_amount: paisaToTaka(order.discount_paisa),
    devliery_charge: taka(order.delivery_charge_paisa),
    grand_total: taka(order.grand_total_paisa),
    paymentMethod: order.payment_method,
    bkash_number: mine(order.bkash_number),
    transaction_id: mine(order.transaction_id),
    payment_type: order.payment_type,
    amount: taka(order.amount_paisa),
    advance: taka(order.advance_paisa),
    due: taka(order.due_paisa),
    coupon_code: order.coupon_code,
    coupons: order.lucky_draw_tokens.join(', '),
    currencySymbol: order.currency_symbol,
  };
}

/** Order history line (spec §3): `id` is the product's, `price` the unit price charged. */
export interface OrderHistoryLineResponse {
  productName: string;
  name: string;
  id: number;
  slug: string;
  thumbnail: string;
  qty: number;
  size: string;
  price: number;
}

export function toHistoryLines(lines: OrderLineDetails[]): OrderHistoryLineResponse[] {
  return lines.map((line) => ({
    productName: line.name,
    name: line.name,
    id: line.product_id,
    slug: line.slug,
    thumbnail: line.thumbnail,
    qty: line.quantity,
    size: line.size,
    price: paisaToTaka(line.unit_price_paisa),
  }));
}

/** Dashboard order history row (spec §3): `grand_total` for online orders, `amount` for instant ones. */
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

export function toCustomerOrderRow(order: OrderDetails): CustomerOrderRowResponse {
  return {
    id: order.order_id,
    orderId: order.order_id,
    order_date: new Date(order.placed_at).toISOString(),
    orderstatus: STATUS_NAMES[order.status],
    order_type: order.order_type,
    currencySymbol: order.currency_symbol,
    grand_total: taka(order.grand_total_paisa),
    amount: taka(order.amount_paisa),
  };
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

export function toTimeline(entries: OrderTimelineEntry[]): OrderTimelineEntryResponse[] {
  return entries.map((entry) => ({
    position: entry.stream_position,
    event: entry.event_type,
    at: new Date(entry.occurred_at).toISOString(),
    actor: { id: entry.actor_id, role: entry.actor_role, name: entry.actor_name },
    note: entry.note,
    details: entry.details,
  }));
}
