import { z } from 'zod';
import type { ReturnChangedResponse, ReturnOptionsResponse, ReturnPhotoResponse, ReturnPhotoUploadedResponse, ReturnRequestedResponse, ReturnTimelineResponse, ReturnRow, ReturnSettingsView, ReturnsDashboardResponse, StoreCreditResponse } from '../../../contracts/returns';
import { taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

const kind = z.enum(['exchange', 'return']);
const reason = z.enum(['size_too_small', 'size_too_big', 'damaged', 'not_as_pictured', 'other']);
const stage = z.enum(['requested', 'approved', 'refused', 'pickup_booked', 'received', 'exchanged', 'refunded']);
const payer = z.enum(['shop', 'shopper']);

export const settingsView = answerOf<ReturnSettingsView>()(
  z.object({
    window_days: z.number().int(),
    delivery_payer: z.object({ size_too_small: payer, size_too_big: payer, damaged: payer, not_as_pictured: payer, other: payer }),
    pickup_charge: taka,
  }),
);
export const settingsAnswer = answerOf<{ success: true; settings: ReturnSettingsView }>()(z.object({ success: z.literal(true), settings: settingsView }));

export const optionsAnswer = answerOf<ReturnOptionsResponse>()(
  z.object({
    success: z.literal(true),
    order_id: z.string(),
    open: z.boolean(),
    reason: z.enum(['not-delivered', 'window-over']).nullable(),
    until: z.string().nullable(),
    settings: settingsView,
    lines: z.array(
      z.object({
        product_id: z.number().int(),
        size: z.string(),
        name: z.string(),
        thumbnail: z.string(),
        unit_price: taka,
        units: z.array(z.object({ unit: z.number().int(), request: z.object({ return_id: z.string(), kind, stage, new_size: z.string().nullable(), refusal: z.string().nullable().describe("Care's reason when it refused the request") }).nullable() })),
        exchange_sizes: z.array(z.object({ size: z.string(), unit_price: taka })),
      }),
    ),
  }),
);

export const requestedAnswer = answerOf<ReturnRequestedResponse>()(
  z.object({
    success: z.literal(true),
    return_id: z.string(),
    order_id: z.string(),
    kind,
    stage,
    pickup_charge: taka,
    price_difference: taka,
    refund_amount: taka,
    message: z.string(),
  }),
);

export const returnRow = answerOf<ReturnRow>()(
  z.object({
    return_id: z.string(),
    order_id: z.string(),
    product_id: z.number().int(),
    product_name: z.string(),
    size: z.string(),
    unit: z.number().int(),
    kind,
    reason,
    new_size: z.string().nullable(),
    stage,
    refusal: z.string().nullable(),
    called: z.boolean(),
    pickup_charge: taka,
    price_difference: taka,
    refund_amount: taka,
    refund_method: z.enum(['bkash', 'cash', 'store_credit']).nullable(),
    exchange_order_id: z.string().nullable(),
    pickup_tracking_code: z.string().nullable(),
    received_as: z.enum(['stock', 'damaged']).nullable(),
    photo: z.boolean().describe('Whether the shopper attached a photo (read it with GET /api/admin/returns/{returnId}/photo)'),
    requested_at: z.string(),
    updated_at: z.string(),
  }),
);

const step = z.object({ event: z.string(), at: z.string(), actor: z.string(), note: z.string().nullable() });
export const returnListAnswer = answerOf<{ success: true; data: Array<ReturnRow & { steps: Array<{ event: string; at: string; actor: string; note: string | null }> }> }>()(
  z.object({ success: z.literal(true), data: z.array(returnRow.extend({ steps: z.array(step) })) }),
);

export const changedAnswer = answerOf<ReturnChangedResponse>()(z.object({ success: z.literal(true), return: returnRow, message: z.string() }));

export const photoUploadedAnswer = answerOf<ReturnPhotoUploadedResponse>()(
  z.object({ success: z.literal(true), photo: z.string().describe('The photo\'s id: send it as `photo` with the request') }),
);

export const photoAnswer = answerOf<ReturnPhotoResponse>()(
  z.object({ success: z.literal(true), return_id: z.string(), photo: z.string().describe('A data URL of the photo: WebP, at most 1,280 px, without metadata') }),
);

export const timelineAnswer = answerOf<ReturnTimelineResponse>()(
  z.object({
    success: z.literal(true),
    order_id: z.string(),
    timeline: z.array(
      z.object({
        position: z.number().int().describe('The step\'s place in the order\'s returns stream'),
        return_id: z.string(),
        event: z.string().describe('ReturnRequested, ReturnApproved, ReturnRefused, ReturnCalled, ReturnPickupRequested, ReturnPickupBooked, ReturnReceived, ExchangeOrderCreated or ReturnRefunded'),
        at: z.string(),
        actor: z.object({ id: z.string(), role: z.string(), name: z.string().nullable() }),
        note: z.string().nullable(),
        details: z.record(z.string(), z.unknown()).describe('What the step says: kind, returnReason, newSize, reason (a refusal\'s), courier, trackingCode, condition, method, amountPaisa, exchangeOrderId, collectPaisa'),
      }),
    ),
  }),
);

export const creditAnswer = answerOf<StoreCreditResponse>()(
  z.object({
    success: z.literal(true),
    balance: taka,
    entries: z.array(z.object({ at: z.string(), amount: taka, kind: z.enum(['granted', 'spent', 'restored']), order_id: z.string() })),
  }),
);

export const dashboardAnswer = answerOf<ReturnsDashboardResponse>()(
  z.object({
    success: z.literal(true),
    by_reason: z.array(z.object({ reason, returns: z.number().int(), exchanges: z.number().int() })),
    by_size: z.array(z.object({ size: z.string(), sold: z.number().int(), returned: z.number().int(), rate: z.number() })),
    by_product: z.array(z.object({ product_id: z.number().int(), name: z.string(), sold: z.number().int(), returned: z.number().int(), rate: z.number() })),
  }),
);
