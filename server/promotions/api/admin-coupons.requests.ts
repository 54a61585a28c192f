import { z } from 'zod';

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

const COUPON_CODE_RULE = 'The code must be 3 to 30 letters A-Z or digits.';

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

/** A coupon code in a path: letters and digits only, so it can never name another stream. */
export const couponCodeParameter = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid coupon code.');
