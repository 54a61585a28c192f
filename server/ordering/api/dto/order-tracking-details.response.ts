import { paisaToTaka } from '../../../common/money';
import { STATUS_NAMES, type OrderStatus } from '../../domain/order-status';
import type { OrderDetails, OrderLineDetails, OrderTimelineEntry } from '../../read-model/order-read-model';

/** A step the shopper sees on the tracking page: what happened and when. Staff, notes and reasons stay inside. */
export interface TrackingStepResponse {
  step: 'placed' | OrderStatus | 'payment_verified';
  name: string;
  at: string;
}

export interface TrackingItemResponse {
  name: string;
  slug: string;
  thumbnail: string;
  size: string;
  qty: number;
  price: number;
  total: number;
}

/**
 * What the tracking answer says beyond spec §3's seven fields (issue 16), added beside them so the spec's
 * fields keep their names and meaning: the steps with their times, the items and totals, the courier and
 * tracking code once shipped, and the lucky-draw tokens by their own name.
 */
export interface OrderTrackingDetailsResponse {
  status: OrderStatus;
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
  /** What the courier collects at the door: the grand total for cash on delivery, nothing once bKash paid it, an instant order's due. */
  pay_on_delivery: number;
  courier: string | null;
  tracking_code: string | null;
  lucky_draw_tokens: string[];
}

const STEP_OF_EVENT: Record<string, TrackingStepResponse['step']> = {
  OrderConfirmed: 'confirmed',
  OrderProcessingStarted: 'processing',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
  OrderReturned: 'returned',
  BkashPaymentVerified: 'payment_verified',
};

const STEP_NAMES: Record<TrackingStepResponse['step'], string> = {
  placed: 'Order placed',
  payment_verified: 'bKash payment verified',
  ...STATUS_NAMES,
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

export function toTrackingDetails(order: OrderDetails, lines: OrderLineDetails[], timeline: OrderTimelineEntry[]): OrderTrackingDetailsResponse {
  const steps: TrackingStepResponse[] = [{ step: 'placed', name: STEP_NAMES.placed, at: new Date(order.placed_at).toISOString() }];
  let courier: string | null = null;
  let trackingCode: string | null = null;
  for (const entry of timeline) {
    const step = STEP_OF_EVENT[entry.event_type];
    if (!step) continue;
    steps.push({ step, name: STEP_NAMES[step], at: new Date(entry.occurred_at).toISOString() });
    if (entry.event_type === 'OrderShipped') {
      courier = text(entry.details.courier);
      trackingCode = text(entry.details.trackingCode);
    }
  }
  const isOnline = order.order_type === 1;
  const grandTotal = order.grand_total_paisa;
  const payOnDelivery = isOnline ? (order.payment_method === 'bkash' ? 0 : (grandTotal ?? 0)) : (order.due_paisa ?? 0);
  return {
    status: order.status,
    steps,
    items: lines.map((line) => ({
      name: line.name,
      slug: line.slug,
      thumbnail: line.thumbnail,
      size: line.size,
      qty: line.quantity,
      price: paisaToTaka(line.unit_price_paisa),
      total: paisaToTaka(line.unit_price_paisa * line.quantity),
    })),
    currencySymbol: order.currency_symbol,
    order_type: order.order_type,
    paymentMethod: order.payment_method,
    bkash_verified: order.bkash_verified,
    subtotal: order.subtotal_paisa === null ? null : paisaToTaka(order.subtotal_paisa),
    discount_amount: paisaToTaka(order.discount_paisa),
    devliery_charge: order.delivery_charge_paisa === null ? null : paisaToTaka(order.delivery_charge_paisa),
    grand_total: grandTotal === null ? (order.amount_paisa === null ? null : paisaToTaka(order.amount_paisa)) : paisaToTaka(grandTotal),
    pay_on_delivery: paisaToTaka(payOnDelivery),
    courier,
    tracking_code: trackingCode,
    lucky_draw_tokens: [...order.lucky_draw_tokens],
  };
}
