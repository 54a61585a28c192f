import { z } from 'zod';
import { parseTaka } from '../../domain/money';
import type { InstantOrderInput } from '../../place-instant-order/place-instant-order.command';
import { normalizePhone } from '../../../../contracts/phone';
import { BD_MOBILE, CHECKOUT_MESSAGES as M } from './confirm-order.request';

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().max(max, `At most ${max} characters.`).optional());
const requiredText = (message: string, max: number) =>
  z.preprocess((value) => value ?? '', z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `At most ${max} characters.`));

export const stepRequest = z.object({ note: optionalText(1000) });
/** A parcel without a courier or tracking code cannot be followed by the shopper or by care (issue 16). */
export const SHIP_MESSAGES = { courierRequired: 'Courier Required', trackingCodeRequired: 'Tracking Code Required' } as const;
export const shipRequest = z.object({
  note: optionalText(1000),
  courier: requiredText(SHIP_MESSAGES.courierRequired, 100),
  tracking_code: requiredText(SHIP_MESSAGES.trackingCodeRequired, 100),
});
export const reasonRequest = z.object({ reason: requiredText('A reason is required.', 500) });
const reason = requiredText('A reason is required.', 500);
const quantity = z.coerce.number({ error: M.quantityInvalid }).int(M.quantityInvalid).min(1, M.quantityInvalid).max(100, M.quantityTooLarge);

/** Care's amendments (issue 14), each with the customer's reason. */
export const shippingChangeRequest = z
  .object({
    address: optionalText(500),
    shipping_phone: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.string().regex(BD_MOBILE, M.shippingPhoneInvalid).optional()),
    reason,
  })
  .refine((body) => body.address !== undefined || body.shipping_phone !== undefined, { message: 'Give a new address or shipping phone.', path: ['address'] });
export const addLineRequest = z.object({ id: z.coerce.number().int().positive(M.productInvalid).max(2 ** 31 - 1, M.productInvalid), size: requiredText(M.sizeRequired, 10), qty: quantity, reason });
export const changeLineRequest = z
  .object({ size: optionalText(10), qty: quantity.optional(), reason })
  .refine((body) => body.size !== undefined || body.qty !== undefined, { message: 'Give a new size or quantity.', path: ['size'] });
export const removeLineRequest = z.object({ reason });
export const lineParameters = z.object({ orderId: z.string(), productId: z.coerce.number().int().positive(M.productInvalid).max(2 ** 31 - 1, M.productInvalid), size: z.string().trim().min(1).max(10) });

export const callRequest = z.object({
  outcome: z.enum(['reached', 'not_reached', 'confirmed', 'refused'], { error: 'The outcome must be reached, not_reached, confirmed or refused.' }),
  note: optionalText(1000),
});
export const noteRequest = z.object({ note: requiredText('A note cannot be empty.', 2000) });

const money = (field: string) =>
  z.unknown().optional().transform((value, context) => {
    const paisa = value === undefined || value === null || value === '' ? 0 : parseTaka(value);
    if (paisa === null) {
      context.addIssue({ code: 'custom', message: `The ${field} must be an amount in Taka with at most two decimals.` });
      return z.NEVER;
    }
    return paisa;
  });

/** Staff's instant (phone) order form: customer, payment type and the agreed money in Taka, optional lines. */
export const instantOrderRequest = z
  .object({
    name: requiredText(M.nameRequired, 100),
    phone: z.preprocess((value) => (typeof value === 'string' && value.trim() ? normalizePhone(value) : (value ?? '')), z.string().trim().min(1, { error: M.phoneRequired, abort: true }).regex(BD_MOBILE, M.phoneInvalid)),
    address: optionalText(500),
    email: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.email(M.emailInvalid).optional()),
    payment_type: requiredText('Payment Type Required', 30),
    amount: money('amount'),
    discount: money('discount'),
    advance: money('advance'),
    lines: z
      .array(z.object({ id: z.coerce.number().int().positive(M.productInvalid).max(2 ** 31 - 1, M.productInvalid), size: requiredText(M.sizeRequired, 10), qty: z.coerce.number().int().min(1, M.quantityInvalid).max(100, M.quantityTooLarge) }))
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
