import { z } from 'zod';
import { says } from '../../common/validation/rule-message';

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: says('field-whole-number', { field: name }) })
    .int(says('field-whole-number', { field: name }))
    .min(min, says('field-at-least', { field: name, min }))
    .max(max, says('field-may-be-at-most', { field: name, max }));

const couponTime = (name: string) =>
  z
    .string({ error: says('field-date-required', { field: name }) })
    .trim()
    .min(1, says('field-date-required', { field: name }))
    .refine((value) => !Number.isNaN(Date.parse(value)), says('field-date-time-example', { field: name }))
    .transform((value) => new Date(value));

export const createCouponRequest = z
  .object({
    code: z
      .string({ error: says('coupon-code-required') })
      .trim()
      .min(1, { error: says('coupon-code-required'), abort: true })
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{3,30}$/, says('coupon-code-invalid'))),
    percent: wholeNumber('percent', 1, 90),
    validFrom: couponTime('validFrom'),
    validUntil: couponTime('validUntil'),
    totalLimit: wholeNumber('totalLimit', 1, 1_000_000),
    perPhoneLimit: wholeNumber('perPhoneLimit', 1, 1_000_000),
    requiresVerifiedPhone: z.boolean({ error: says('field-true-or-false', { field: 'requiresVerifiedPhone' }) }).optional(),
  })
  // Zod still runs this when a date failed above (then it is the raw input): compare only two real dates.
  .refine((value) => !(value.validFrom instanceof Date && value.validUntil instanceof Date) || value.validFrom.getTime() < value.validUntil.getTime(), {
    path: ['validUntil'],
    error: says('coupon-period-invalid'),
  });

/** PATCH /admin/coupons/:code: whether the coupon needs a proven phone (issue 27). */
export const editCouponRequest = z.object({
  requiresVerifiedPhone: z.boolean({ error: says('field-true-or-false', { field: 'requiresVerifiedPhone' }) }),
});

export const disableCouponRequest = z.object({
  reason: z
    .string({ error: says('field-missing', { field: 'reason' }) })
    .trim()
    .min(3, says('reason-too-short'))
    .max(500, says('field-too-long', { field: 'reason', max: 500 })),
});

/** A coupon code in a path: letters and digits only, so it can never name another stream. */
export const couponCodeParameter = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, says('coupon-invalid'));
