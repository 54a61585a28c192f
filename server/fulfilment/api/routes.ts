import { z } from 'zod';
import type { ApiRoute, RouteSamples } from '../../observability/openapi/api-route';
import { batchBookingAnswer, careShipmentAnswer, unmappedAreasAnswer, payoutFetchAnswer, payoutListAnswer, payoutReconciliationAnswer, payoutRecordedAnswer, shipmentBookedAnswer, stepRecordedAnswer } from './answers';
import { batchBookingRequest, bookingRequest, manualStepRequest, payoutFetchRequest, returnRequest, statementImportRequest, unmappedAreasQuery } from './requests';

const orderIdParam = { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper, e.g. 7KQ2M9XA') };
const ofOrder = (s: RouteSamples) => ({ orderId: s.order.id });
const STAFF = 'Staff: orders';

/** Courier bookings, parcel steps, returned parcels and the couriers' webhooks (issue 29, ADR 058). */
export const FULFILMENT_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/admin/orders/:orderId/shipments', tag: STAFF, summary: 'The order\'s parcel: recipient, amount to collect, couriers offered, the booking and its steps', access: 'care', params: orderIdParam, answer: careShipmentAnswer,
    example: (s) => ({ params: ofOrder(s) }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/shipments', tag: STAFF, summary: 'Book the order with a courier (201), or get its parcel back when it is already booked (200)', access: 'care', success: 201,
    params: orderIdParam, body: bookingRequest, answer: shipmentBookedAnswer,
    description:
      'A confirmed or processing order (422 `shipment-not-bookable` otherwise). The order id is the courier\'s invoice: a double click, a retry or a concurrent request never books a second parcel (the intent is recorded first; an intent without an answer asks the courier by invoice before booking). The amount to collect is the order\'s due amount. `manual` needs `tracking_code`. Pathao and RedX get the district and thana of the order\'s picked area (else the district its free text names); 422 `address-incomplete` when the district cannot be told, without asking the courier. 422 `courier-refused` with the courier\'s reason; 503 `courier-unavailable` when the courier did not answer (retry: the same parcel comes back).',
    example: (s) => ({ params: ofOrder(s), body: { courier: 'demo' } }),
  },
  {
    method: 'get', path: '/api/admin/couriers/areas-unmapped', tag: STAFF, summary: 'Areas orders were placed to that a courier\'s location lists cannot place (Pathao city/zone, RedX area)', access: 'care',
    query: unmappedAreasQuery, answer: unmappedAreasAnswer,
    description:
      'Every district, upazila or city thana orders were placed to, looked up in the courier\'s own lists (fetched from the courier and kept a day): `unmapped: district` when the courier lists nothing for the district, `thana` when the district is known but no zone (Pathao) or area (RedX) bears the thana\'s name. Such orders still book (by the district and the address text) but may need care. `configured: false` and no rows when the courier is not set up in this store; 503 `courier-unavailable` when its lists cannot be read now.',
    example: () => ({ query: { courier: 'pathao' } }),
  },
  {
    method: 'post', path: '/api/admin/shipments/batch', tag: STAFF, summary: 'Book selected orders with one courier (at most 200; 25 at a time)', access: 'care', body: batchBookingRequest, answer: batchBookingAnswer,
    description: 'Each order is booked as by the single booking (never twice); each result says booked, already booked, or the error with its code.',
    example: (s) => ({ body: { courier: 'demo', order_ids: [s.order.id] } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/shipments/next-step', tag: STAFF, summary: 'Demo courier: move the parcel to its next step', access: 'care', params: orderIdParam, answer: stepRecordedAnswer,
    description: 'Only for a parcel booked with the demo courier (409 `parcel-not-demo`); picked up, in transit, out for delivery, delivered (409 `parcel-at-last-step` after).',
    example: (s) => ({ params: ofOrder(s) }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/shipments/steps', tag: STAFF, summary: 'Manual courier: record the parcel\'s step by hand', access: 'care', params: orderIdParam, body: manualStepRequest, answer: stepRecordedAnswer,
    example: (s) => ({ params: ofOrder(s), body: { stage: 'picked-up', message: 'Handed to the rider' } }),
  },
  {
    method: 'post', path: '/api/admin/orders/:orderId/shipments/return', tag: STAFF, summary: 'Receive the returned parcel: every unit back to stock but those marked damaged', access: 'care', params: orderIdParam, body: returnRequest, answer: stepRecordedAnswer,
    description: 'A shipped or delivered order with a booked parcel, once. The order becomes Returned and the phone\'s record counts the return.',
    example: (s) => ({ params: ofOrder(s), body: { damaged: [] } }),
  },
  {
    method: 'get', path: '/api/admin/payouts', tag: STAFF, summary: 'Courier payouts: each with its parcels, cash collected, delivery charges and COD fees, and the totals', access: 'care', answer: payoutListAnswer,
    description: 'The newest 200 payouts, from the couriers\' APIs (Steadfast `/payments`), their webhooks (Pathao `order.paid`) and imported statement files. Amounts in Taka; `net` is collected less charges and fees.',
    example: () => ({}),
  },
  {
    method: 'get', path: '/api/admin/payouts/reconciliation', tag: STAFF, summary: 'Payouts against parcels: mismatches, delivered but unpaid, cash held by couriers, paid out this month, return rates', access: 'care', answer: payoutReconciliationAnswer,
    description:
      'Mismatches: paid parcels whose collected amount is not the order\'s due amount, and paid parcels the store does not know. Unpaid: delivered parcels with no payout after PAYOUT_UNPAID_DAYS days. Cash held: what riders collected that no payout brought back yet. Return rate per courier (the checkout asks no district, so `district` is null).',
    example: () => ({}),
  },
  {
    method: 'post', path: '/api/admin/payouts/fetch', tag: STAFF, summary: 'Fetch payouts now from the couriers that list them (the worker does it daily)', access: 'care', body: payoutFetchRequest, answer: payoutFetchAnswer,
    description: 'Each payout is recorded once (a payout already known records only parcels it did not have). 422 `payouts-not-listed` for a named courier that lists none (Pathao: its payouts come by webhook); 503 `courier-unavailable` when the courier did not answer.',
    example: () => ({ body: {} }),
  },
  {
    method: 'post', path: '/api/admin/payouts/import', tag: STAFF, summary: 'Import a courier\'s statement file (CSV): each parcel matched to its order', access: 'care', body: statementImportRequest, answer: payoutRecordedAnswer,
    description:
      'A header row naming a consignment id or invoice column and a collected column (a delivery charge and a COD fee column when the file has them), then a parcel a line. 422 `statement-invalid` naming the line and the reason, and nothing is recorded. The same file (or statement number) imported again records nothing.',
    example: () => ({ body: { courier: 'demo', content: 'consignment_id,invoice,collected,delivery_charge,cod_fee\nDMORDER1,ORDER1,1250,60,12.5\n' } }),
  },
  {
    method: 'post', path: '/api/webhooks/couriers/:courier', tag: 'Orders', summary: 'A courier tells the store of a parcel\'s step (webhook)', access: 'public', rateLimited: true,
    params: { courier: z.string().describe('steadfast, pathao, redx or demo') }, body: z.unknown().describe('The courier\'s own webhook body'),
    answer: z
      .object({ status: z.union([z.string(), z.number()]).optional(), message: z.string().optional() })
      .catchall(z.unknown())
      .describe('What the courier expects back (Steadfast: `{"status":"success",…}`)'),
    description:
      'Verified by each courier\'s own proof (Steadfast: `Authorization: Bearer <STEADFAST_WEBHOOK_TOKEN>`; Pathao: its shared header; RedX: the token in the query string); 401 `webhook-unverified` changes nothing. A step already recorded is not recorded again; a step older than the parcel\'s latest never moves the order back; a webhook without a step is a signal: the store reads the parcel back from the courier.',
    example: () => ({ params: { courier: 'demo' }, body: { invoice: 'ORDER1', consignment_id: 'DMORDER1', stage: 'in-transit', status: 'in_transit', updated_at: '2026-12-01T10:00:00.000Z' } }),
  },
];
