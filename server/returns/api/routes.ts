import { z } from 'zod';
import type { ApiRoute, RouteSamples } from '../../observability/openapi/api-route';
import { changedAnswer, creditAnswer, dashboardAnswer, optionsAnswer, photoAnswer, timelineAnswer, photoUploadedAnswer, requestedAnswer, returnListAnswer, settingsAnswer } from './answers';
import { askReturnRequest, calledRequest, listQuery, ownerQuery, pickupRequest, receiveRequest, refundRequest, refuseRequest, returnIdParam, settingsRequest } from './requests';

const orderIdParam = { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper') };
const STAFF = 'Staff: orders';
const ofReturn = (s: RouteSamples) => ({ returnId: `${s.order.id}-R1` });

/** Size exchanges and returns (issue 35, ADR 062): the shopper asks, care decides, the courier carries, stock and money follow. */
export const RETURNS_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/public/orders/:orderId/returns', tag: 'Orders', summary: 'What may be returned or exchanged on an order: its lines unit by unit, the sizes in stock to exchange into, the window and who pays the pick-up', access: 'optional-customer', rateLimited: true,
    params: orderIdParam, query: ownerQuery, answer: optionsAnswer,
    description: '`open: false` with `reason` `not-delivered` or `window-over`. 404 alike for a wrong id or phone (counted like tracking).',
    example: (s) => ({ params: { orderId: s.order.id }, query: { phone: s.order.phone } }),
  },
  {
    method: 'post', path: '/api/public/orders/:orderId/returns', tag: 'Orders', summary: 'Ask to exchange one unit for another size (reserved at once) or to return it, with a reason', access: 'optional-customer', rateLimited: true, success: 201,
    params: orderIdParam, body: askReturnRequest, answer: requestedAnswer,
    description:
      'The answer says what happens next and what it costs: the pick-up charge (when the reason\'s payer is the shopper), an exchange\'s price difference, a return\'s refund. 409 `return-not-delivered`, `return-window-over`, `return-already-open` (one open request per unit), `return-unit-done`; 422 `exchange-size-unavailable` for a size not in stock, `return-unit-unknown`. 404 alike for a wrong id or phone.',
    example: (s) => ({ params: { orderId: s.order.id }, body: { phone: s.order.phone, product_id: s.product.id, size: s.product.size, unit: 1, kind: 'return', reason: 'size_too_small' } }),
  },
  {
    method: 'post', path: '/api/public/orders/:orderId/returns/photos', tag: 'Orders', summary: 'Attach a photo of the unit to a request about to be sent: JPEG, PNG or WebP up to 5 MB, kept privately for care', access: 'optional-customer', rateLimited: true, success: 201,
    params: orderIdParam, answer: photoUploadedAnswer,
    upload: { field: 'image', description: 'The photo (checked by its content, not its name), with a `phone` field (not needed for the order\'s signed-in owner)' },
    description: 'Re-encoded to WebP of at most 1,280 px without metadata (a phone photo\'s location is dropped). 422 `picture-too-large`, `picture-not-image`, `picture-unreadable`, `picture-too-many-pixels`; 404 alike for a wrong id or phone; 429 past 30 an hour from one address or 10 an hour for one order.',
    example: (s) => ({ params: { orderId: s.order.id } }),
  },
  {
    method: 'get', path: '/api/orders/store-credit', tag: 'Accounts', summary: 'The signed-in customer\'s store credit: the balance and each credit granted or spent', access: 'customer', answer: creditAnswer,
  },
  {
    method: 'get', path: '/api/admin/returns', tag: STAFF, summary: 'Return and exchange requests, newest first, with each step', access: 'care', query: listQuery, answer: returnListAnswer,
    example: () => ({ query: { stage: 'open' } }),
  },
  {
    method: 'get', path: '/api/admin/orders/:orderId/return-steps', tag: STAFF, summary: 'The steps of an order\'s returns and exchanges, for its timeline: who did what and when', access: 'care', params: orderIdParam, answer: timelineAnswer,
    description: 'From the `return-timeline` projection, oldest first; an order without returns answers an empty list.',
    example: (s) => ({ params: { orderId: s.order.id } }),
  },
  {
    method: 'get', path: '/api/admin/returns/:returnId/photo', tag: STAFF, summary: 'The photo the shopper attached to a request', access: 'care', params: returnIdParam, answer: photoAnswer,
    description: '404 `return-photo-none` when the request has none.',
    example: (s) => ({ params: ofReturn(s) }),
  },
  {
    method: 'get', path: '/api/admin/returns/settings', tag: STAFF, summary: 'The return window and who pays the pick-up per reason', access: 'care', answer: settingsAnswer,
  },
  {
    method: 'put', path: '/api/admin/returns/settings', tag: STAFF, summary: 'Change the return window (days after delivery), who pays the pick-up per reason and the pick-up charge', access: 'admin', body: settingsRequest, answer: settingsAnswer,
    example: () => ({ body: { window_days: 7, delivery_payer: { size_too_small: 'shopper', size_too_big: 'shopper', damaged: 'shop', not_as_pictured: 'shop', other: 'shopper' }, pickup_charge: 60 } }),
  },
  {
    method: 'get', path: '/api/admin/dashboard/returns', tag: STAFF, summary: 'Returns and exchanges by reason, and the return rate by size and by product', access: 'care', answer: dashboardAnswer,
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/approve', tag: STAFF, summary: 'Approve a request (the shopper gets an SMS)', access: 'care', params: returnIdParam, answer: changedAnswer,
    description: '409 `return-step-not-allowed` unless requested; 404 `return-unknown`.',
    example: (s) => ({ params: ofReturn(s) }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/refuse', tag: STAFF, summary: 'Refuse a request with a reason the shopper reads; an exchange\'s reserved size goes back to stock', access: 'care', params: returnIdParam, body: refuseRequest, answer: changedAnswer,
    example: (s) => ({ params: ofReturn(s), body: { reason: 'The tag was removed' } }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/called', tag: STAFF, summary: 'Record that care called the shopper about the request', access: 'care', params: returnIdParam, body: calledRequest, answer: changedAnswer,
    example: (s) => ({ params: ofReturn(s), body: { note: 'Will hand it over on Sunday' } }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/pickup', tag: STAFF, summary: 'Book the pick-up (and an exchange\'s delivery) with a courier, once', access: 'care', params: returnIdParam, body: pickupRequest, answer: changedAnswer,
    description: 'An approved request. The intent is recorded first; the courier is asked by return id, so a retry books once. An intent left without an answer (a crash, a lost answer) makes the next try ask the courier for the pick-up it holds first (Steadfast) or send the return to care (`courier-refused`, Pathao and RedX cannot be asked by our id). 422 `courier-no-pickups` for a courier without pick-ups, `address-incomplete` for Pathao or RedX when the order\'s district cannot be told.',
    example: (s) => ({ params: ofReturn(s), body: { courier: 'demo' } }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/receive', tag: STAFF, summary: 'Receive the unit back after checking it: to stock, or damaged (not sellable)', access: 'care', params: returnIdParam, body: receiveRequest, answer: changedAnswer,
    example: (s) => ({ params: ofReturn(s), body: { condition: 'stock' } }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/exchange', tag: STAFF, summary: 'Place the linked order that ships an exchange\'s new size, collecting only the difference (once)', access: 'care', params: returnIdParam, answer: changedAnswer,
    example: (s) => ({ params: ofReturn(s) }),
  },
  {
    method: 'post', path: '/api/admin/returns/:returnId/refund', tag: STAFF, summary: 'Refund a received return: to bKash (where it was paid by bKash), as cash handed back, or as store credit', access: 'care', params: returnIdParam, body: refundRequest, answer: changedAnswer,
    description: '422 `return-refund-exceeds-paid` above what was paid for the unit and not yet refunded (before bKash is asked), `return-refund-not-bkash` for an order not paid by bKash.',
    example: (s) => ({ params: ofReturn(s), body: { method: 'cash' } }),
  },
];
