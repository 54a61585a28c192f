import { z } from 'zod';
import { PARCEL_STAGE_CODES, type ParcelStepResponse, type ShipmentResponse } from '../../../contracts/shipments';
import { isoTime, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The order's parcel as answers carry it (contracts/shipments.ts): the tracking answer and care's panel. */
export const parcelStepAnswer = answerOf<ParcelStepResponse>()(
  z.object({
    stage: z.enum(PARCEL_STAGE_CODES as [ParcelStepResponse['stage'], ...ParcelStepResponse['stage'][]]),
    courier_status: z.string().describe('The courier\'s own status word'),
    at: isoTime,
    message: z.string().nullable(),
    message_bn: z.string().nullable(),
    collected: taka.nullable(),
    delivery_charge: taka.nullable(),
  }),
);

export const shipmentAnswer = answerOf<ShipmentResponse>()(
  z.object({
    courier: z.string(),
    courier_name: z.string(),
    consignment_id: z.string(),
    tracking_code: z.string(),
    tracking_url: z.string().nullable(),
    stage: parcelStepAnswer.shape.stage,
    courier_status: z.string(),
    booked_at: isoTime,
    amount_to_collect: taka,
    steps: z.array(parcelStepAnswer),
  }),
);
