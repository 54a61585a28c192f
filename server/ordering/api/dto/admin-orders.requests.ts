import { z } from 'zod';
import { parseTaka } from '../../domain/money';
import type { InstantOrderInput } from '../../place-instant-order/place-instant-order.command';
import { normalizePhone } from '../../../../contracts/phone';
import { says } from '../../../common/validation/rule-message';
import type { PlainErrorCode } from '../../../../contracts/errors';
import { BD_MOBILE } from './confirm-order.request';

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().max(max, says('at-most-characters', { max })).optional());
const requiredText = (missing: PlainErrorCode, max: number) =>
  z.preprocess((value) => value ?? '', z.string({ error: says(missing) }).trim().min(1, { error: says(missing), abort: true }).max(max, says('at-most-characters', { max })));
const productInvalid = says('product-unavailable');
const quantityInvalid = says('quantity-invalid');
const quantityTooLarge = says('quantity-too-large');

export const stepRequest = z.object({ note: optionalText(1000) });
/** Issue 30: the transaction id of an advance the customer sent after checkout (a cash order's, ADR 059). */
export const verifyBkashRequest = stepRequest.extend({
  transaction_id: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().regex(/^[A-Za-z0-9]{6,20}$/, says('bkash-transaction-invalid')).optional()),
});
/** A parcel without a courier or tracking code cannot be followed by the shopper or by care (issue 16). */
export const shipRequest = z.object({
  note: optionalText(1000),
  courier: requiredText('courier-required', 100),
  tracking_code: requiredText('tracking-code-required', 100),
});
export const reasonRequest = z.object({ reason: requiredText('reason-required', 500) });
const reason = requiredText('reason-required', 500);
const quantity = z.coerce.number({ error: quantityInvalid }).int(quantityInvalid).min(1, quantityInvalid).max(100, quantityTooLarge);

/** Care's amendments (issue 14), each with the customer's reason. */
export const shippingChangeRequest = z
  .object({
    address: optionalText(500),
    shipping_phone: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().regex(BD_MOBILE, says('shipping-phone-invalid')).optional()),
    /** Issue 30: the district, upazila or thana from `GET /api/public/areas`, and an optional landmark. */
    area_id: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().regex(/^[dut]-\d{1,5}$/, says('area-unknown')).optional()),
    landmark: z.preprocess((value) => (typeof value === 'string' ? value : undefined), z.string().max(200, says('landmark-too-long')).optional()),
    reason,
  })
  .refine((body) => body.address !== undefined || body.shipping_phone !== undefined || body.area_id !== undefined, { message: says('new-address-required'), path: ['address'] });
export const addLineRequest = z.object({ id: z.coerce.number().int().positive(productInvalid).max(2 ** 31 - 1, productInvalid), size: requiredText('size-required', 10), qty: quantity, reason });
export const changeLineRequest = z
  .object({ size: optionalText(10), qty: quantity.optional(), reason })
  .refine((body) => body.size !== undefined || body.qty !== undefined, { message: says('new-line-required'), path: ['size'] });
export const removeLineRequest = z.object({ reason });
export const lineParameters = z.object({ orderId: z.string(), productId: z.coerce.number().int().positive(productInvalid).max(2 ** 31 - 1, productInvalid), size: z.string().trim().min(1).max(10) });

export const callRequest = z.object({
  outcome: z.enum(['reached', 'not_reached', 'confirmed', 'refused'], { error: says('call-outcome-invalid') }),
  note: optionalText(1000),
});
export const noteRequest = z.object({ note: requiredText('note-empty', 2000) });

const money = (field: string) =>
  z.unknown().optional().transform((value, context) => {
    const paisa = value === undefined || value === null || value === '' ? 0 : parseTaka(value);
    if (paisa === null) {
      context.addIssue({ code: 'custom', message: says('amount-in-taka', { field }) });
      return z.NEVER;
    }
    return paisa;
  });

/** Staff's instant (phone) order form: customer, payment type and the agreed money in Taka, optional lines. */
export const instantOrderRequest = z
  .object({
    name: requiredText('checkout-name-required', 100),
    phone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() ? normalizePhone(value) : (value ?? '')),
      z.string().trim().min(1, { error: says('checkout-phone-required'), abort: true }).regex(BD_MOBILE, says('checkout-phone-invalid')),
    ),
    address: optionalText(500),
    email: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.email(says('email-format')).optional()),
    payment_type: requiredText('payment-type-required', 30),
    amount: money('amount'),
    discount: money('discount'),
    advance: money('advance'),
    lines: z
      .array(
        z.object({
          id: z.coerce.number().int().positive(productInvalid).max(2 ** 31 - 1, productInvalid),
          size: requiredText('size-required', 10),
          qty: z.coerce.number().int().min(1, quantityInvalid).max(100, quantityTooLarge),
        }),
      )
      .max(50)
      .optional(),
  })
  .transform(
    (body): InstantOrderInput => ({
      customer: { name: body.name, email: body.email ?? null, phone: body.phone, address: body.address ?? '', shippingPhone: body.phone, userId: null },
      paymentType: body.payment_type,
      amountPaisa: body.amount,
      discountPaisa: body.discount,
      advancePaisa: body.advance,
      lines: (body.lines ?? []).map((line) => ({ productId: line.id, size: line.size, quantity: line.qty })),
    }),
  );
