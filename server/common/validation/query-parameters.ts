import { z } from 'zod';
import { says } from './rule-message';

/** Query-string values arrive as strings; an empty one counts as absent. */
export const absentAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `page`: absent means 1; anything but a whole number from 1 is a 422 naming the page. */
export const pageParameter = z.preprocess(
  (value) => absentAsUndefined(value) ?? '1',
  z
    .string({ error: says('page-invalid') })
    .regex(/^\d{1,5}$/, says('page-invalid'))
    .transform(Number)
    .refine((value) => value >= 1, says('page-invalid')),
);
