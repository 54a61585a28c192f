import { z } from 'zod';
import { RETURN_KINDS, RETURN_REASONS } from '../../../contracts/returns';
import { says } from '../../common/validation/rule-message';

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().max(max, says('at-most-characters', { max })).optional());

export const ownerQuery = z.object({ phone: z.string().max(40).optional().describe('The phone the order was placed with (not needed for its signed-in owner)') });

/** The shopper's request on one unit of a delivered line. */
export const askReturnRequest = z.object({
  phone: z.string().max(40).optional().describe('The phone the order was placed with (not needed for its signed-in owner)'),
  product_id: z.number({ error: says('return-unit-unknown') }).int(says('return-unit-unknown')).positive(says('return-unit-unknown')),
  size: z.string({ error: says('return-unit-unknown') }).trim().min(1, says('return-unit-unknown')).max(10, says('return-unit-unknown')),
  unit: z.number({ error: says('return-unit-unknown') }).int(says('return-unit-unknown')).min(1, says('return-unit-unknown')).max(1000, says('return-unit-unknown')).describe('Which unit of the line, from 1'),
  kind: z.enum(RETURN_KINDS as ['exchange', 'return'], { error: says('return-kind-invalid') }),
  reason: z.enum(RETURN_REASONS as ['size_too_small', 'size_too_big', 'damaged', 'not_as_pictured', 'other'], { error: says('return-reason-invalid') }),
  new_size: optionalText(10).describe('For an exchange: the size wanted instead (one of the line\'s exchange_sizes)'),
  photo: z
    .string({ error: says('return-photo-unknown') })
    .regex(/^[0-9a-f]{24}$/, says('return-photo-unknown'))
    .optional()
    .describe('The id `POST /api/public/orders/{orderId}/returns/photos` answered, when the shopper attached a photo'),
});

export const returnIdParam = { returnId: z.string().min(1).max(60).describe('The request\'s id: the order id, "-R" and its number') };

export const refuseRequest = z.object({ reason: z.string({ error: says('return-refusal-reason-required') }).trim().min(1, says('return-refusal-reason-required')).max(300, says('at-most-characters', { max: 300 })) });
export const calledRequest = z.object({ note: optionalText(500) });
export const pickupRequest = z.object({
  courier: z.string({ error: says('courier-required') }).trim().min(1, says('courier-required')).max(20).describe('steadfast, pathao, redx (when set up), demo or manual'),
  tracking_code: optionalText(60).describe('The manual courier only: the tracking code care was given'),
});
export const receiveRequest = z.object({ condition: z.enum(['stock', 'damaged'], { error: says('invalid-input', { detail: 'condition: stock or damaged' }) }) });
export const refundRequest = z.object({
  method: z.enum(['bkash', 'cash', 'store_credit'], { error: says('return-refund-method-invalid') }),
  amount: z.number().positive(says('refund-amount-invalid')).max(1_000_000).optional().describe('Taka; the request\'s refund amount when left out'),
});
export const listQuery = z.object({
  stage: z.enum(['requested', 'approved', 'refused', 'pickup_booked', 'received', 'exchanged', 'refunded', 'open']).optional(),
  order_id: z.string().max(40).optional(),
});
const payer = z.enum(['shop', 'shopper']);
export const settingsRequest = z.object({
  window_days: z.number({ error: says('return-settings-invalid') }).int(says('return-settings-invalid')).min(0, says('return-settings-invalid')).max(60, says('return-settings-invalid')),
  delivery_payer: z.object({ size_too_small: payer, size_too_big: payer, damaged: payer, not_as_pictured: payer, other: payer }, { error: says('return-settings-invalid') }),
  pickup_charge: z.number({ error: says('return-settings-invalid') }).min(0, says('return-settings-invalid')).max(1000, says('return-settings-invalid')),
});
