import { z } from 'zod';
import { PARCEL_STAGE_CODES } from '../../../contracts/shipments';
import { says } from '../../common/validation/rule-message';
import { COURIER_NAMES } from '../couriers/courier-port';
import { BATCH_MAX } from '../booking/shipment-booking';

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().max(max, says('at-most-characters', { max })).optional());
const courier = z.enum(COURIER_NAMES as [string, ...string[]], { error: says('courier-required') }).describe('steadfast, pathao, redx, demo or manual (the couriers this store offers: GET …/shipments)');

/** Care books an order: the courier, and for a manual booking the tracking code the courier gave by phone. */
export const bookingRequest = z.object({
  courier,
  tracking_code: optionalText(60).describe('The manual courier only: the tracking code care was given'),
  courier_name: optionalText(60).describe('The manual courier only: which courier carries it ("Sundarban")'),
  note: optionalText(500),
});

export const batchBookingRequest = z.object({
  courier,
  order_ids: z
    .array(z.string().trim().min(1).max(40), { error: says('invalid-input', { detail: 'order_ids: a list of order ids' }) })
    .min(1, says('invalid-input', { detail: 'order_ids: at least one order' }))
    .max(BATCH_MAX, says('batch-too-large', { max: BATCH_MAX })),
});

const stage = z.enum(PARCEL_STAGE_CODES as [string, ...string[]], { error: says('parcel-step-invalid', { reason: 'unknown stage' }) });

/** A manual parcel's step, as care records it. */
export const manualStepRequest = z.object({
  stage: stage.describe('Where the parcel is now: picked-up, in-transit, out-for-delivery, delivered, delivery-failed, returning, returned …'),
  at: z.iso.datetime({ offset: true, error: says('invalid-input', { detail: 'at: an ISO 8601 time' }) }).optional(),
  message: optionalText(300),
  collected: z.number().min(0).max(1_000_000).optional().describe('Cash the rider collected, in Taka'),
});

/** The returned parcel: the units care found damaged (not restocked); every other unit goes back to stock. */
export const returnRequest = z.object({
  damaged: z
    .array(z.object({ product_id: z.coerce.number().int().positive(), size: z.string().trim().min(1).max(20), quantity: z.coerce.number().int().min(1).max(100) }))
    .max(100)
    .default([]),
  note: optionalText(500),
});

/** A courier's statement file, as its text (the console reads the chosen file; the JSON body limit, 100 KB, is about 2,000 parcels). */
export const statementImportRequest = z.object({
  courier,
  content: z
    .string({ error: says('statement-invalid', { reason: 'content: the text of the CSV file' }) })
    .min(1, says('statement-invalid', { reason: 'the file is empty' }))
    .describe('The CSV file: a header row, then one parcel a line (consignment id or invoice, collected, delivery charge, COD fee)'),
  statement_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, says('invalid-input', { detail: 'statement_id: letters, digits, dot, dash or underscore, at most 60' }))
    .optional()
    .describe('The statement\'s own number, when it has one; else the file\'s digest names the payout (the same file twice records nothing)'),
  paid_at: z.iso.datetime({ offset: true, error: says('invalid-input', { detail: 'paid_at: an ISO 8601 time' }) }).optional().describe('When the courier paid (default: now)'),
});

/** Fetch payouts now from the couriers that list them (Steadfast), or from one. */
export const payoutFetchRequest = z.object({ courier: courier.optional() });

/** Care's review of courier areas (issue 30): which courier's location lists to check. */
export const unmappedAreasQuery = z.object({
  courier: z.enum(['pathao', 'redx'], { error: says('courier-required') }).describe('pathao or redx: the couriers that book by their own area ids'),
});
