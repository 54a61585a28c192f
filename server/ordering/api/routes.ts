import { z } from 'zod';
import type { ApiRoute, RouteSamples } from '../../observability/openapi/api-route';
import { packingSlipsRequest } from './packing-slips.controller';
import {
  careOrderAnswer,
  customerOrderDetailsAnswer,
  customerOrdersAnswer,
  orderAmendedAnswer,
  orderChangeAnswer,
  orderPlacedAnswer,
  checkoutAnswer,
  orderSummaryAnswer,
  ordersLatestVersionAnswer,
  ownOrderCancelledAnswer,
  phoneBlockAnswer,
  phoneRiskAnswer,
  trackingAnswer,
} from './answers';
import {
  addLineRequest,
  callRequest,
  changeLineRequest,
  instantOrderRequest,
  noteRequest,
  reasonRequest,
  removeLineRequest,
  shippingChangeRequest,
  shipRequest,
  stepRequest,
  verifyBkashRequest,
} from './dto/admin-orders.requests';
import { confirmOrderRequest } from './dto/confirm-order.request';

const orderIdParam = { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper, e.g. 7KQ2M9XA') };
const lineParams = { ...orderIdParam, productId: z.string().describe('The line\'s product id'), size: z.string().describe('The line\'s size') };
const trackingQuery = z.object({
  orderId: z.string().describe('The order id'),
  phone: z.string().describe('The phone number the order was placed with'),
});
const ofOrder = (s: RouteSamples) => ({ orderId: s.order.id });
const ofLine = (s: RouteSamples) => ({ orderId: s.order.id, productId: String(s.product.id), size: s.product.size });
const STAFF = 'Staff: orders';

/** Checkout, tracking, the customer's own orders, customer care's order work and paperwork (spec §7, issue 14). */
export const ORDERING_ROUTES: ApiRoute[] = [
  {
    method: 'post', path: '/api/public/confirm-order', tag: 'Orders', summary: 'Check out: place an order (201), or get the same order back for a repeated Idempotency-Key (200)', access: 'optional-customer', success: 201,
    body: confirmOrderRequest, answer: checkoutAnswer,
    headers: { 'idempotency-key': { schema: z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/), description: 'The same key for every retry of one checkout: the order is made once' } },
    description:
      'With a customer\'s bearer token the order joins their history. 422 by field (`Name Required`, `Phone Required`, …; `cart.N.coupon_code` or `couponoffer` when tampered; `phone_proof` when the store\'s `checkout_phone_verification` asks this phone for a code); 409 naming a size that ran out. `coupon_code: "LUCKY-DRAW"` on a line from the offer page takes the running offer\'s discount (at most 10%). `locale` (`en`, `bn`) is the language of the order\'s mails and SMS. A valid `phone_proof` (from `/public/phone-codes/verify`) marks the order\'s phone verified. With a payment gateway (bKash checkout, or the demo gateway without bKash credentials), `paymentMethod: "bkash"` without `transaction_id` places the order, records its payment as started and answers `payment_url`, the gateway\'s page for the shopper; the order holds its stock for `PAYMENT_HOLD_MINUTES` unless paid. A typed `transaction_id` still works; with bKash configured it is checked with bKash\'s searchTransaction (422 `bkash-transaction-not-found`). Limits: see ADR 043. Issue 30 (ADR 059): `data.area_id` (from `GET /public/areas`) and `data.landmark` record a structured address; the delivery is then priced by the area\'s zone and the cart\'s weight, whatever `devliery_charge` says (which may be left out), and `address` is the house, road and area. An unknown area is a 422 on `area_id`. When the advance rules ask for one, the order waits for its bKash advance (`bkash_number` and `transaction_id` are kept on a cash order too) before care may confirm it. Issue 33 (ADR 064): `attribution` (optional, beside the specification\'s fields) says where the shopper landed from, as the storefront kept it: `utm_source`, `utm_medium`, `utm_campaign` (texts up to 200 characters), `fbclid` (true when the landing link carried Facebook\'s click id; its value is not kept) and `referrer` (the linking site\'s host name); the order records its channel (facebook, instagram, search, other; nothing is direct) for the dashboard. Anything else there is a 422 `attribution-invalid` on `attribution`.',
    example: (s) => ({
      headers: { 'idempotency-key': s.fresh('checkout-5f1c2a9e') },
      body: {
        cart: [{ id: s.product.id, size: s.product.size, qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: {
          name: 'Nusrat Jahan',
          email: s.email('nusrat'),
          phone: '01711111111',
          address: 'House 12, Road 5, Dhanmondi, Dhaka',
          shipping_phone: '01711111111',
          paymentMethod: 'bkash',
          bkash_number: '01811111111',
          transaction_id: s.fresh('TX8K2P9Q'),
          devliery_charge: s.deliveryCharge,
        },
        attribution: { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'eid-drop' },
      },
    }),
  },
  {
    method: 'post', path: '/api/public/cancel-order', tag: 'Orders', summary: 'The shopper cancels their own pending order: the order id with its phone, or the owner\'s token', access: 'optional-customer', rateLimited: true, answer: ownOrderCancelledAnswer,
    body: z.object({ orderId: z.string().describe('The order id'), phone: z.string().optional().describe('The phone the order was placed with (not needed with the owner\'s token)') }),
    description: '409 once care confirmed it; 404 "not found" alike for a wrong id or phone.',
    example: (s) => ({ body: { orderId: s.order.id, phone: s.order.phone } }),
  },
  {
    method: 'get', path: '/api/public/getOrderInformation', tag: 'Orders', summary: 'Track an order by its id and phone', access: 'public', rateLimited: true, query: trackingQuery, answer: trackingAnswer,
    description:
      'Beside the specification\'s fields: `status`, `steps` (placed, confirmed, processing, shipped, delivered, cancelled, returned, payment_verified), `items` and totals, `pay_on_delivery`, `courier` and `tracking_code` once shipped, and `lucky_draw_tokens`. 404 alike for a wrong id or phone.',
    example: (s) => ({ query: { orderId: s.order.id, phone: s.order.phone } }),
  },
  {
    method: 'get', path: '/api/public/verify/:orderId/:phone', tag: 'Orders', summary: 'The order-placed screen: the same as tracking', access: 'public', rateLimited: true, answer: trackingAnswer,
    params: { ...orderIdParam, phone: z.string().describe('The phone number the order was placed with') },
    example: (s) => ({ params: { orderId: s.order.id, phone: s.order.phone } }),
  },
  {
    method: 'get', path: '/api/public/getOrders', tag: 'Orders', summary: 'An order summary with its lines, by id and phone (or as its signed-in owner)', access: 'optional-customer', rateLimited: true, query: trackingQuery, answer: orderSummaryAnswer,
    example: (s) => ({ query: { orderId: s.order.id, phone: s.order.phone } }),
  },
  { method: 'get', path: '/api/orders/getOrders', tag: 'Accounts', summary: 'The signed-in customer\'s orders', access: 'customer', answer: customerOrdersAnswer },
  {
    method: 'get', path: '/api/orders/getOrdersHistory', tag: 'Accounts', summary: 'One of the signed-in customer\'s orders with its lines', access: 'customer', answer: customerOrderDetailsAnswer,
    query: z.object({ order_id: z.string().describe('The order id') }),
    description: '404 for another customer\'s order.',
    example: (s) => ({ query: { order_id: s.order.id } }),
  },

  // Customer care (staff console).
  {
    method: 'post', path: '/api/admin/orders/instant', tag: STAFF, summary: 'Record an order taken by phone', access: 'care', success: 201, body: instantOrderRequest, answer: orderPlacedAnswer,
    example: (s) => ({
      body: { name: 'Phone Buyer', phone: '01911111111', address: 'Agrabad, Chattogram', email: s.email('phone.buyer'), payment_type: 'cash', amount: '1200', discount: '100', advance: '200', lines: [{ id: s.product.id, size: s.product.size, qty: 1 }] },
    }),
  },
  {
    method: 'get', path: '/api/admin/orders/latest-version', tag: STAFF, summary: 'What care\'s open order list polls: the latest change to any order (a number) and the newest order placed', access: 'care', answer: ordersLatestVersionAnswer,
    description: 'Issue 31: `version` changes whenever an order is placed or changed; the list fetches itself again only then. Served from one read a second per process.',
  },
  {
    method: 'get', path: '/api/admin/orders/:orderId', tag: STAFF, summary: 'An order as customer care sees it: details, lines, timeline, the phone\'s record, the structured address', access: 'care', params: orderIdParam, answer: careOrderAnswer,
    description: 'Issue 30: `delivery_area` is the picked district and thana, or the district read from a free-text address; `needs_completion` says care must complete the address before booking a courier; `advance_required` is the advance the order waits for. `orderrow.advance` and `due` of an online order that needs an advance say what was paid and what the courier collects.',
    example: (s) => ({ params: ofOrder(s) }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/confirm', tag: STAFF, summary: 'Confirm an order (after calling the customer); an order that needs an advance only once its bKash payment is verified (422 `advance-not-paid`)', access: 'care', params: orderIdParam, body: stepRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { note: 'called the customer' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/start-processing', tag: STAFF, summary: 'Start packing an order', access: 'care', params: orderIdParam, body: stepRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { note: 'packing' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/ship', tag: STAFF, summary: 'Hand an order to the courier', access: 'care', params: orderIdParam, body: shipRequest, answer: orderChangeAnswer,
    description: 'Courier and tracking code are required (422 `Courier Required`, `Tracking Code Required`).',
    example: (s) => ({ params: ofOrder(s), body: { note: 'sent', courier: 'Pathao', tracking_code: 'PT123' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/deliver', tag: STAFF, summary: 'Mark an order delivered', access: 'care', params: orderIdParam, body: stepRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { note: 'delivered' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/cancel', tag: STAFF, summary: 'Cancel an order; its units go back to stock', access: 'care', params: orderIdParam, body: reasonRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { reason: 'customer asked' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/return', tag: STAFF, summary: 'Record a returned order; its units go back to stock', access: 'care', params: orderIdParam, body: reasonRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { reason: 'wrong size' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/verify-bkash', tag: STAFF, summary: 'Mark a bKash payment as seen', access: 'care', params: orderIdParam, body: verifyBkashRequest, answer: orderChangeAnswer,
    description: 'Issue 30: for a cash order that needs an advance and carries no transaction yet, `transaction_id` is the advance the customer sent after checkout (ADR 059).',
    example: (s) => ({ params: ofOrder(s), body: { note: 'seen in the app' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/notes', tag: STAFF, summary: 'Add a care note to an order\'s timeline', access: 'care', params: orderIdParam, body: noteRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { note: 'prefers evening calls' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/call', tag: STAFF, summary: 'Record how the confirmation call went (reached, not_reached, confirmed, refused)', access: 'care', params: orderIdParam, body: callRequest, answer: orderChangeAnswer,
    example: (s) => ({ params: ofOrder(s), body: { outcome: 'not_reached', note: 'phone off' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/shipping', tag: STAFF, summary: 'Change where a pending or confirmed order goes (address, shipping phone, district and thana), with a reason', access: 'care', params: orderIdParam, body: shippingChangeRequest, answer: orderAmendedAnswer,
    description: 'Issue 30: `area_id` (and `landmark`) picks the district and thana; the event keeps the area it replaced. The delivery charge stays what the order was priced at.',
    example: (s) => ({ params: ofOrder(s), body: { address: 'House 4, Road 2, Banani', reason: 'customer moved' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/lines', tag: STAFF, summary: 'Add a line to a pending or confirmed order (stock reserved, totals recomputed)', access: 'care', params: orderIdParam, body: addLineRequest, answer: orderAmendedAnswer,
    example: (s) => ({ params: ofOrder(s), body: { id: s.product.id, size: s.product.size, qty: 1, reason: 'one more' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/lines/:productId/:size', tag: STAFF, summary: 'Change a line\'s size or quantity (stock moved, totals recomputed)', access: 'care', params: lineParams, body: changeLineRequest, answer: orderAmendedAnswer,
    example: (s) => ({ params: ofLine(s), body: { qty: 2, reason: 'customer asked' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/lines/:productId/:size/remove', tag: STAFF, summary: 'Remove a line (its units released, totals recomputed)', access: 'care', params: lineParams, body: removeLineRequest, answer: orderAmendedAnswer,
    example: (s) => ({ params: ofLine(s), body: { reason: 'changed mind' } }),
  },
  {
    method: 'get', path: '/api/admin/orders/:orderId/packing-slip', tag: STAFF, summary: 'Printable invoice / packing slip with the cash to collect', access: 'care', params: orderIdParam, produces: 'text/html',
    example: (s) => ({ params: ofOrder(s) }),
  },
  {
    method: 'get', path: '/api/admin/packing-slips', tag: STAFF, summary: 'Every slip of the orders confirmed on a day (Dhaka), for one print run', access: 'care', query: packingSlipsRequest, produces: 'text/html',
    description: '`date` is YYYY-MM-DD, today in Dhaka when absent.',
    example: () => ({ query: { date: '2026-03-31' } }),
  },
  {
    method: 'get', path: '/api/admin/phones/:phone', tag: STAFF, summary: 'A phone number\'s record: orders placed, delivered, returned, cancelled, expired; block', access: 'care', answer: phoneRiskAnswer,
    params: { phone: z.string().describe('An 11-digit mobile number') },
    example: (s) => ({ params: { phone: s.order.phone } }),
  },
  {
    method: 'post', path: '/api/admin/phones/:phone/block', tag: STAFF, summary: 'Refuse new orders for a phone number, with a reason', access: 'admin', params: { phone: z.string() }, body: reasonRequest, answer: phoneBlockAnswer,
    example: (s) => ({ params: { phone: s.phone() }, body: { reason: 'refused three parcels' } }),
  },
  {
    method: 'post', path: '/api/admin/phones/:phone/unblock', tag: STAFF, summary: 'Take orders for a blocked phone number again, with a reason', access: 'admin', params: { phone: z.string() }, body: reasonRequest, answer: phoneBlockAnswer,
    example: (s) => ({ params: { phone: s.phone() }, body: { reason: 'paid the courier' } }),
  },
];
