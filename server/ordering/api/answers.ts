import { z } from 'zod';
import type {
  CareOrderResponse,
  CustomerOrderRowResponse,
  InstantOrderResponse,
  CheckoutResponse,
  OrderPaymentView,
  OrderChangeResponse,
  OrderHistoryLineResponse,
  OrderRowResponse,
  OrderStatusCode,
  OrderTimelineEntryResponse,
  OrderTrackingDetailsResponse,
  OrderTrackingResponse,
  PhoneRiskResponse,
  OrdersLatestVersionResponse,
} from '../../../contracts/orders';
import type { ShipmentResponse } from '../../../contracts/shipments';
import { isoTime, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';
import { shipmentAnswer } from '../shipments/shipment-answer';
import type { CustomerOrderDetails } from '../customer-orders/get-customer-order-details.query';

/** The ordering context's answers as zod schemas, each mirroring its wire type (contracts/orders.ts). */

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'] as const satisfies readonly OrderStatusCode[];
export const orderStatus = z.enum(ORDER_STATUSES);

const tracking = answerOf<OrderTrackingResponse>()(
  z.object({
    order_status_name: z.string(),
    user_name: z.string(),
    user_phone: z.string(),
    user_email: z.string().nullable(),
    order_date: isoTime,
    coupons: z.string().describe('The lucky-draw tokens, comma separated'),
    orderId: z.string(),
  }),
);

const paymentView = answerOf<OrderPaymentView>()(
  z.object({
    gateway: z.string(),
    state: z.enum(['awaiting', 'processing', 'paid', 'failed', 'refunded', 'partly_refunded']),
    trx_id: z.string().nullable(),
    amount: taka,
    refunded: taka,
    failure: z.string().nullable(),
    advance: z.literal(true).optional().describe('Issue 30: the advance of a cash-on-delivery order, not its whole total'),
  }),
);

const trackingDetails = answerOf<OrderTrackingDetailsResponse>()(
  z.object({
    status: orderStatus,
    steps: z.array(z.object({ step: z.enum(['placed', ...ORDER_STATUSES, 'payment_verified']), name: z.string(), at: isoTime })),
    items: z.array(z.object({ name: z.string(), name_bn: z.string().optional().describe('Issue 32: the Bengali name, when the product has one'), slug: z.string(), thumbnail: z.string(), size: z.string(), qty: z.number().int(), price: taka, total: taka })),
    currencySymbol: z.string(),
    order_type: z.number().int(),
    paymentMethod: z.string().nullable(),
    bkash_verified: z.boolean(),
    subtotal: taka.nullable(),
    discount_amount: taka,
    devliery_charge: taka.nullable(),
    grand_total: taka.nullable(),
    store_credit: taka.optional().describe('Store credit the order spent at checkout; grand_total is what was left after it'),
    pay_on_delivery: taka.describe('What the courier collects at the door; 0 for a cancelled or expired order'),
    courier: z.string().nullable(),
    tracking_code: z.string().nullable(),
    lucky_draw_tokens: z.array(z.string()),
    payment: paymentView.nullable().optional(),
    shipment: shipmentAnswer.nullable().describe('The parcel once booked with a courier: its tracking page and every step'),
  }),
);

export const trackingAnswer = answerOf<{ success: true; data: OrderTrackingResponse & OrderTrackingDetailsResponse; message: string }>()(
  z.object({ success: z.literal(true), data: tracking.extend(trackingDetails.shape), message: z.string() }),
);

export const orderRow = answerOf<OrderRowResponse>()(
  z.object({
    orderId: z.string(),
    order_status_name: z.string(),
    customer_name: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
    shipping_phone: z.string().nullable(),
    order_date: isoTime,
    order_type: z.number().int().describe('1 an online order, 2 an instant (phone) order'),
    subtotal: taka.nullable(),
    discount: z.number().describe('Percent'),
    discount_amount: taka,
    devliery_charge: taka.nullable(),
    grand_total: taka.nullable(),
    paymentMethod: z.string().nullable(),
    bkash_number: z.string().nullable(),
    transaction_id: z.string().nullable(),
    payment_type: z.string().nullable(),
    amount: taka.nullable(),
    advance: taka.nullable(),
    advance_required: taka.optional().describe('Issue 30: the bKash advance the order waits for before it is confirmed; absent when none'),
    due: taka.nullable(),
    coupon_code: z.string().nullable(),
    coupons: z.string(),
    currencySymbol: z.string(),
    bkash_paid: z.boolean().optional().describe('Issue 32: a bKash order\'s payment is checked (verified by care or paid through the gateway)'),
  }),
);

export const historyLine = answerOf<OrderHistoryLineResponse>()(
  z.object({ productName: z.string(), name: z.string(), name_bn: z.string().optional().describe('Issue 32: the Bengali name, when the product has one'), id: z.number().int(), slug: z.string(), thumbnail: z.string(), qty: z.number().int(), size: z.string(), price: taka }),
);

export const orderSummaryAnswer = answerOf<{ success: true; orderrow: OrderRowResponse; history: OrderHistoryLineResponse[]; currencySymbol: string; shipment: ShipmentResponse | null }>()(
  z.object({
    success: z.literal(true),
    orderrow: orderRow.describe('Personal fields are null unless the phone is the order\'s or the caller owns it'),
    history: z.array(historyLine),
    currencySymbol: z.string(),
    shipment: shipmentAnswer.nullable().describe('The parcel once booked with a courier (issue 29)'),
  }),
);

const customerOrderRow = answerOf<CustomerOrderRowResponse>()(
  z.object({
    id: z.string(),
    orderId: z.string(),
    order_date: isoTime,
    orderstatus: z.string(),
    order_type: z.number().int(),
    currencySymbol: z.string(),
    grand_total: taka.nullable(),
    amount: taka.nullable(),
  }),
);

export const customerOrdersAnswer = answerOf<{ success: true; data: CustomerOrderRowResponse[] }>()(z.object({ success: z.literal(true), data: z.array(customerOrderRow) }));

export const customerOrderDetailsAnswer = answerOf<{ success: true; data: { data: CustomerOrderDetails } }>()(
  z.object({ success: z.literal(true), data: z.object({ data: z.object({ orderrow: orderRow, orderhistory: z.array(historyLine), currencySymbol: z.string() }) }) }),
);

export const phoneRisk = answerOf<PhoneRiskResponse>()(
  z.object({
    phone: z.string(),
    placed: z.number().int(),
    delivered: z.number().int(),
    returned: z.number().int(),
    cancelled: z.number().int(),
    expired: z.number().int(),
    last_order_id: z.string().nullable(),
    last_order_at: isoTime.nullable(),
    blocked: z.boolean(),
    block_reason: z.string().nullable(),
    blocked_at: isoTime.nullable(),
    badge: z.string().describe('The list badge, e.g. "2 of 5 returned"'),
  }),
);

const timelineEntry = answerOf<OrderTimelineEntryResponse>()(
  z.object({
    position: z.number().int(),
    event: z.string(),
    at: isoTime,
    actor: z.object({ id: z.string(), role: z.string(), name: z.string().nullable() }),
    note: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  }),
);

export const careOrderAnswer = answerOf<{ success: true } & CareOrderResponse>()(
  z.object({
    success: z.literal(true),
    orderrow: orderRow.extend({ bkash_verified: z.boolean().optional() }),
    history: z.array(historyLine),
    timeline: z.array(timelineEntry),
    expires_at: isoTime.nullable().describe('When a pending online order expires on its own; null for any other order'),
    phone_risk: z.array(phoneRisk).describe('The contact phone first, then a different shipping phone'),
    delivery_area: z
      .object({
        area_id: z.string().nullable(),
        district: z.string().nullable(),
        district_bn: z.string().nullable(),
        thana: z.string().nullable(),
        thana_bn: z.string().nullable(),
        landmark: z.string().nullable(),
        zone_id: z.string().nullable(),
        district_from_text: z.boolean(),
        needs_completion: z.boolean().describe('No picked area and no district in the free text: complete the address before booking a courier'),
        advance_required: taka.nullable().describe('The advance the order needs before it is confirmed (ADR 059)'),
      })
      .describe('Issue 30: the structured address'),
  }),
);

export const orderChangeAnswer = answerOf<OrderChangeResponse>()(
  z.object({ success: z.boolean(), orderId: z.string(), status: z.string(), order_status_name: z.string(), message: z.string() }),
);

export const orderAmendedAnswer = answerOf<{ success: true; orderId: string; grand_total: number | null; message: string }>()(
  z.object({ success: z.literal(true), orderId: z.string(), grand_total: taka.nullable(), message: z.string() }),
);

export const orderPlacedAnswer = answerOf<InstantOrderResponse>()(z.object({ success: z.boolean(), order_id: z.string(), message: z.string() }));

export const checkoutAnswer = answerOf<CheckoutResponse>()(
  z.object({
    success: z.boolean(),
    order_id: z.string(),
    message: z.string(),
    payment_url: z.string().optional().describe('With bKash checkout (or the demo gateway): the page to send the shopper to'),
  }),
);

export const ownOrderCancelledAnswer = answerOf<{ success: true; orderId: string; order_status_name: string; message: string }>()(
  z.object({ success: z.literal(true), orderId: z.string(), order_status_name: z.string(), message: z.string() }),
);

export const phoneRiskAnswer = answerOf<{ success: true; data: PhoneRiskResponse }>()(z.object({ success: z.literal(true), data: phoneRisk }));

export const phoneBlockAnswer = answerOf<{ success: true; phone: string; blocked: boolean; message: string }>()(
  z.object({ success: z.literal(true), phone: z.string(), blocked: z.boolean(), message: z.string() }),
);

export const ordersLatestVersionAnswer = answerOf<OrdersLatestVersionResponse>()(
  z.object({ success: z.literal(true), version: z.number().int().min(0), latest_order_id: z.string().nullable(), latest_placed_at: isoTime.nullable() }),
);
