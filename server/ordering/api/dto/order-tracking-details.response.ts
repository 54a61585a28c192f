/** The tracking answer's details beside the spec's fields (contracts/orders.ts), from the order read models. */
import { paisaToTaka } from '../../../common/money';
import type { OrderTrackingDetailsResponse, TrackingStepResponse } from '../../../../contracts/orders';
import { STATUS_AFTER_EVENT, STATUS_NAMES } from '../../domain/order-status';
import { shipmentFromTimeline } from '../../shipments/shipment-view';
import type { OrderDetails, OrderLineDetails, OrderTimelineEntry } from '../../read-model/order-read-model';

/** The steps the tracking page lists: each status event, and care's check of a bKash transfer. */
const STEP_OF_EVENT: Record<string, TrackingStepResponse['step'] | undefined> = { ...STATUS_AFTER_EVENT, BkashPaymentVerified: 'payment_verified' };

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
  const { shipment } = shipmentFromTimeline(timeline);
  if (shipment && !courier) {
    courier = shipment.courier_name;
    trackingCode = shipment.tracking_code;
  }
  const isOnline = order.order_type === 1;
  const grandTotal = order.grand_total_paisa;
  // Issue 32: an order that ended before delivery (cancelled, expired) has nothing to pay and no token in the draw.
  const ended = order.status === 'cancelled' || order.status === 'expired';
  const payOnDelivery = ended ? 0 : isOnline ? (order.payment_method === 'bkash' ? 0 : (grandTotal ?? 0)) : (order.due_paisa ?? 0);
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
      ...(line.name_bn ? { name_bn: line.name_bn } : {}),
    })),
    currencySymbol: order.currency_symbol,
    order_type: order.order_type,
    paymentMethod: order.payment_method,
    bkash_verified: order.bkash_verified,
    subtotal: order.subtotal_paisa === null ? null : paisaToTaka(order.subtotal_paisa),
    discount_amount: paisaToTaka(order.discount_paisa),
    devliery_charge: order.delivery_charge_paisa === null ? null : paisaToTaka(order.delivery_charge_paisa),
    grand_total: grandTotal === null ? (order.amount_paisa === null ? null : paisaToTaka(order.amount_paisa)) : paisaToTaka(grandTotal),
    ...(order.store_credit_paisa ? { store_credit: paisaToTaka(order.store_credit_paisa) } : {}),
    pay_on_delivery: paisaToTaka(payOnDelivery),
    courier,
    tracking_code: trackingCode,
    lucky_draw_tokens: ended ? [] : [...order.lucky_draw_tokens],
    shipment,
  };
}
