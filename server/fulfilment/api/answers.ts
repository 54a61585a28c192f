import { z } from 'zod';
import type { BatchBookingResponse, CareShipmentResponse, ShipmentBookedResponse, ShipmentStepRecordedResponse } from '../../../contracts/shipments';
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
    amount_to_collect: taka,
    couriers: z.array(z.object({ courier: courierCode, name: z.string(), mode: z.enum(['live', 'demo']), label: z.string() })),
    default_courier: courierCode,
    booking_pending: z.object({ courier: z.string(), requested_at: z.string() }).nullable(),
    shipment: shipmentAnswer.nullable(),
    return_received: z.object({ restocked: units, damaged: units }).nullable(),
  }),
);

export const stepRecordedAnswer = answerOf<ShipmentStepRecordedResponse>()(
  z.object({ success: z.literal(true), order_id: z.string(), recorded: z.boolean(), status: z.string(), shipment: shipmentAnswer.nullable() }),
);
