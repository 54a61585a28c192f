import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';

const optionalText = (name: string, max: number) =>
  z.preprocess(absentAsUndefined, z.string({ error: `The ${name} must be text.` }).trim().max(max, `The ${name} may have at most ${max} characters.`).optional());

const optionalTime = (name: string) =>
  z.preprocess(
    absentAsUndefined,
    z
      .string({ error: `The ${name} must be a date and time.` })
      .refine((value) => !Number.isNaN(Date.parse(value)), `The ${name} must be a date and time such as 2026-11-22T10:00.`)
      .transform((value) => new Date(value))
      .optional(),
  );

export const browseEventsRequest = z.object({
  type: optionalText('type', 100),
  stream: optionalText('stream', 200),
  from: optionalTime('from'),
  to: optionalTime('to'),
  before: z.preprocess(
    absentAsUndefined,
    z.string().regex(/^\d{1,18}$/, 'The before position must be a whole number.').transform((value) => BigInt(value)).optional(),
  ),
  limit: z.preprocess(
    (value) => absentAsUndefined(value) ?? '50',
    z.string().regex(/^\d{1,3}$/, 'The limit must be a whole number from 1 to 200.').transform(Number).refine((value) => value >= 1 && value <= 200, 'The limit must be a whole number from 1 to 200.'),
  ),
});

export const listStockRequest = z.object({
  page: pageParameter,
  search: optionalText('search', 100),
  low: z.preprocess((value) => absentAsUndefined(value) ?? 'false', z.enum(['true', 'false', '1', '0'], { error: 'The low filter must be true or false.' })).transform((value) => value === 'true' || value === '1'),
});

const productId = z.coerce.number({ error: 'The productId must be a whole number.' }).int('The productId must be a whole number.').positive('The productId must be a whole number.');
const size = z.string({ error: 'The size is required.' }).trim().min(1, 'The size is required.').max(10, 'The size may have at most 10 characters.');

export const receiveStockRequest = z.object({
  productId,
  size,
  quantity: z.coerce.number({ error: 'The quantity must be a whole number.' }).int('The quantity must be a whole number.').min(1, 'The quantity must be at least 1.').max(100_000, 'The quantity may be at most 100000.'),
  note: optionalText('note', 500),
});

export const adjustStockRequest = z.object({
  productId,
  size,
  delta: z.coerce.number({ error: 'The delta must be a whole number.' }).int('The delta must be a whole number.').refine((value) => value !== 0 && Math.abs(value) <= 100_000, 'The delta must be a non-zero whole number.'),
  reason: z.string({ error: 'The reason is required.' }).trim().min(3, 'Please give a reason of at least 3 characters.').max(500, 'The reason may have at most 500 characters.'),
});

const day = (name: string) =>
  z.preprocess(absentAsUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `The ${name} date must look like 2026-11-22.`).refine((value) => !Number.isNaN(Date.parse(value)), `The ${name} date does not exist.`).optional());

export const listOrdersRequest = z.object({
  page: pageParameter,
  status: z.preprocess(absentAsUndefined, z.enum(['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'], { error: 'Unknown status.' }).optional()),
  payment: z.preprocess(absentAsUndefined, z.enum(['cash', 'bkash'], { error: 'The payment must be cash or bkash.' }).optional()),
  from: day('from'),
  to: day('to'),
  phone: z.preprocess(absentAsUndefined, z.string().regex(/^\d{3,11}$/, 'Search by 3 to 11 digits of the phone number.').optional()),
  orderId: z.preprocess(absentAsUndefined, z.string().trim().regex(/^[A-Za-z0-9-]{2,20}$/, 'An order id has letters and digits only.').optional()),
});

export const dashboardRequest = z.object({
  days: z.preprocess(
    (value) => absentAsUndefined(value) ?? '30',
    z.string().regex(/^\d{1,3}$/, 'The days must be a whole number from 1 to 365.').transform(Number).refine((value) => value >= 1 && value <= 365, 'The days must be a whole number from 1 to 365.'),
  ),
});

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${name} must be a whole number.` })
    .int(`The ${name} must be a whole number.`)
    .min(min, `The ${name} must be at least ${min}.`)
    .max(max, `The ${name} may be at most ${max}.`);

const couponTime = (name: string) =>
  z
    .string({ error: `The ${name} date is required.` })
    .trim()
    .min(1, `The ${name} date is required.`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `The ${name} must be a date and time such as 2026-11-22T10:00.`)
    .transform((value) => new Date(value));

export const COUPON_CODE_RULE = 'The code must be 3 to 30 letters A-Z or digits.';

export const createCouponRequest = z
  .object({
    code: z
      .string({ error: 'The code is required.' })
      .trim()
      .min(1, { error: 'The code is required.', abort: true })
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{3,30}$/, COUPON_CODE_RULE)),
    percent: wholeNumber('percent', 1, 90),
    validFrom: couponTime('validFrom'),
    validUntil: couponTime('validUntil'),
    totalLimit: wholeNumber('totalLimit', 1, 1_000_000),
    perPhoneLimit: wholeNumber('perPhoneLimit', 1, 1_000_000),
  })
  // Zod still runs this when a date failed above (then it is the raw input): compare only two real dates.
  .refine((value) => !(value.validFrom instanceof Date && value.validUntil instanceof Date) || value.validFrom.getTime() < value.validUntil.getTime(), {
    path: ['validUntil'],
    error: 'The validUntil must be after the validFrom.',
  });

export const disableCouponRequest = z.object({
  reason: z.string({ error: 'The reason is required.' }).trim().min(3, 'Please give a reason of at least 3 characters.').max(500, 'The reason may have at most 500 characters.'),
});

/** A stream id in a path, as the event browser links them (`order-7KQ2M9XA`, `sku-12-M`). */
export const streamIdParameter = z.string().trim().min(1, 'The stream id is required.').max(200, 'The stream id may have at most 200 characters.');

/** A coupon code in a path: letters and digits only, so it can never name another stream. */
export const couponCodeParameter = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid coupon code.');
