import type {
  CustomerOrderRowResponse,
  OrderHistoryLineResponse,
  OrderRowResponse,
  OrderTimelineEntryResponse,
  OrderTrackingResponse,
} from '../../../../contracts/orders';
import { paisaToTaka } from '../../../common/money';
import { STATUS_NAMES } from '../../domain/order-status';
import type { OrderDetails, OrderLineDetails, OrderTimelineEntry } from '../../read-model/order-read-model';

/**
 * Answers built from the read models, field names as the storefront reads them (spec §3; `devliery_charge`
 * spelled so). Money is Taka as a number with at most two decimals (650, 1234.5), like the catalog's answers;
 * absent amounts are null (ADR 010).
 */
export type { CustomerOrderRowResponse, OrderHistoryLineResponse, OrderRowResponse, OrderTimelineEntryResponse, OrderTrackingResponse };

const taka = (paisa: number | null) => (paisa === null ? null : paisaToTaka(paisa));

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
    advance: taka(advanceAndDue(order).advance),
    due: taka(advanceAndDue(order).due),
    ...(order.advance_required_paisa ? { advance_required: paisaToTaka(order.advance_required_paisa) } : {}),
    coupon_code: order.coupon_code,
    coupons: order.lucky_draw_tokens.join(', '),
    currencySymbol: order.currency_symbol,
    // Issue 32: a bKash order says whether its payment is checked (by care, or paid through the gateway).
    ...(order.payment_method === 'bkash' ? { bkash_paid: order.bkash_verified || (order.gateway_paid_paisa ?? null) !== null } : {}),
  };
}

/**
 * What was paid before delivery and what the courier collects. An instant order: as staff agreed. An online
 * order that needs an advance (ADR 059): nothing paid until care verifies its bKash payment, then the advance (a
 * cash order) or the whole (a bKash order); the courier collects the rest. Other online orders: null, as ever.
 */
export function advanceAndDue(
  order: Pick<OrderDetails, 'order_type' | 'advance_paisa' | 'due_paisa' | 'advance_required_paisa' | 'bkash_verified' | 'payment_method' | 'grand_total_paisa' | 'gateway_paid_paisa'>,
): {
  advance: number | null;
  due: number | null;
} {
  if (order.order_type !== 1 || !order.advance_required_paisa) return { advance: order.advance_paisa, due: order.due_paisa };
  const total = order.grand_total_paisa ?? 0;
  // Paid: verified by care (ADR 059), or completed through the gateway (ADR 061).
  const settled = order.bkash_verified || Number(order.gateway_paid_paisa ?? 0) > 0;
  const paid = settled ? (order.payment_method === 'bkash' ? total : Math.min(order.advance_required_paisa, total)) : 0;
  return { advance: paid, due: total - paid };
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
    ...(line.name_bn ? { name_bn: line.name_bn } : {}),
  }) satisfies OrderHistoryLineResponse);
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

export function toTimeline(entries: OrderTimelineEntry[]): OrderTimelineEntryResponse[] {
  return entries.map((entry) => ({
    position: entry.stream_position,
    event: entry.event_type,
    at: new Date(entry.occurred_at).toISOString(),
    actor: { id: entry.actor_id, role: entry.actor_role, name: entry.actor_name },
    note: entry.note,
    details: entry.details,
  }) satisfies OrderTimelineEntryResponse);
}
