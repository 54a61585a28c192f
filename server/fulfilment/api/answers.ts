import { z } from 'zod';
import type { BatchBookingResponse, CareShipmentResponse, ShipmentBookedResponse, ShipmentStepRecordedResponse, UnmappedAreasResponse } from '../../../contracts/shipments';
import type { PayoutFetchResponse, PayoutListResponse, PayoutReconciliationResponse, PayoutRecordedResponse } from '../../../contracts/payouts';
import { taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';
import { shipmentAnswer } from '../../ordering/published';
import { COURIER_NAMES } from '../couriers/courier-port';

const courierCode = z.enum(COURIER_NAMES as ['steadfast', 'pathao', 'redx', 'demo', 'manual']);

export const shipmentBookedAnswer = answerOf<ShipmentBookedResponse>()(
  z.object({
    success: z.literal(true),
    order_id: z.string(),
    courier: z.string(),
    courier_name: z.string(),
    consignment_id: z.string(),
    tracking_code: z.string(),
    tracking_url: z.string().nullable(),
    courier_status: z.string(),
    amount_to_collect: taka,
    already_booked: z.boolean(),
  }),
);

export const batchBookingAnswer = answerOf<BatchBookingResponse>()(
  z.object({
    success: z.literal(true),
    booked: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        order_id: z.string(),
        ok: z.boolean(),
        consignment_id: z.string().nullable(),
        tracking_code: z.string().nullable(),
        already_booked: z.boolean(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      }),
    ),
  }),
);

const units = z.array(z.object({ product_id: z.number().int(), size: z.string(), quantity: z.number().int() }));

export const careShipmentAnswer = answerOf<CareShipmentResponse>()(
  z.object({
    success: z.literal(true),
    order_id: z.string(),
    status: z.string(),
    recipient: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
    place: z
      .object({ district: z.string().nullable(), thana: z.string().nullable(), from_text: z.boolean(), incomplete: z.boolean() })
      .describe('Where the parcel goes as Pathao and RedX read it; `incomplete`: the district cannot be told and they refuse the booking (422 `address-incomplete`)'),
    amount_to_collect: taka,
    couriers: z.array(z.object({ courier: courierCode, name: z.string(), mode: z.enum(['live', 'demo']), label: z.string(), needs_district: z.boolean() })),
    default_courier: courierCode,
    booking_pending: z.object({ courier: z.string(), requested_at: z.string() }).nullable(),
    shipment: shipmentAnswer.nullable(),
    return_received: z.object({ restocked: units, damaged: units }).nullable(),
  }),
);

export const stepRecordedAnswer = answerOf<ShipmentStepRecordedResponse>()(
  z.object({ success: z.literal(true), order_id: z.string(), recorded: z.boolean(), status: z.string(), shipment: shipmentAnswer.nullable() }),
);

const payoutSource = z.enum(['courier-api', 'webhook', 'statement']);

export const payoutListAnswer = answerOf<PayoutListResponse>()(
  z.object({
    success: z.literal(true),
    data: z.array(
      z.object({
        courier: z.string(),
        payout_id: z.string(),
        paid_at: z.string(),
        source: payoutSource,
        total: taka.nullable(),
        parcels: z.number().int(),
        collected: taka,
        delivery_charge: taka,
        cod_fee: taka,
        net: taka,
      }),
    ),
    totals: z.object({ payouts: z.number().int(), parcels: z.number().int(), collected: taka, delivery_charge: taka, cod_fee: taka, net: taka }),
  }),
);

export const payoutReconciliationAnswer = answerOf<PayoutReconciliationResponse>()(
  z.object({
    success: z.literal(true),
    unpaid_after_days: z.number().int(),
    mismatches: z.array(
      z.object({
        order_id: z.string().nullable(),
        courier: z.string(),
        consignment_id: z.string(),
        payout_id: z.string(),
        paid_at: z.string(),
        due: taka.nullable(),
        collected: taka,
        delivery_charge: taka,
        cod_fee: taka,
        difference: z.number().nullable(),
      }),
    ),
    unpaid: z.array(z.object({ order_id: z.string(), courier: z.string(), consignment_id: z.string(), due: taka, delivered_at: z.string(), days_since_delivery: z.number().int() })),
    cash_held: z.object({ total: taka, by_courier: z.array(z.object({ courier: z.string(), parcels: z.number().int(), amount: taka })) }),
    paid_out_this_month: z.object({ total: z.number(), by_courier: z.array(z.object({ courier: z.string(), payouts: z.number().int(), amount: z.number() })) }),
    return_rate: z.array(z.object({ courier: z.string(), district: z.string().nullable(), finished: z.number().int(), returned: z.number().int(), rate: z.number() })),
  }),
);

export const payoutRecordedAnswer = answerOf<PayoutRecordedResponse>()(
  z.object({ success: z.literal(true), courier: z.string(), payout_id: z.string(), lines: z.number().int(), recorded: z.number().int(), unmatched: z.number().int() }),
);

export const payoutFetchAnswer = answerOf<PayoutFetchResponse>()(
  z.object({
    success: z.literal(true),
    couriers: z.array(z.object({ courier: z.string(), payouts: z.number().int(), lines: z.number().int(), recorded: z.number().int(), unmatched: z.number().int() })),
  }),
);

export const unmappedAreasAnswer = answerOf<UnmappedAreasResponse>()(
  z.object({
    success: z.literal(true),
    courier: z.enum(['pathao', 'redx']),
    configured: z.boolean().describe('False when the courier is not set up in this store: nothing was looked up'),
    checked: z.number().int().describe('Areas orders were placed to, looked up in the courier\'s lists'),
    data: z.array(
      z.object({
        area_id: z.string(),
        kind: z.enum(['district', 'upazila', 'thana']),
        name: z.string(),
        name_bn: z.string(),
        district: z.string(),
        district_bn: z.string(),
        unmapped: z.enum(['district', 'thana']).describe('`district`: the courier lists nothing for the district; `thana`: the district is known, the thana is not'),
      }),
    ),
  }),
);
