import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { normalizePhone } from '../../../contracts/phone';

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

const day = (name: string) =>
  z.preprocess(absentAsUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `The ${name} date must look like 2026-11-22.`).refine((value) => !Number.isNaN(Date.parse(value)), `The ${name} date does not exist.`).optional());

export const listOrdersRequest = z.object({
  page: pageParameter,
  status: z.preprocess(absentAsUndefined, z.enum(['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'], { error: 'Unknown status.' }).optional()),
  payment: z.preprocess(absentAsUndefined, z.enum(['cash', 'bkash'], { error: 'The payment must be cash or bkash.' }).optional()),
  from: day('from'),
  to: day('to'),
  // A whole number in any typed form (+880, Bengali digits) becomes `01…`; a few last digits stay as they are.
  phone: z.preprocess((value) => (typeof value === 'string' ? normalizePhone(absentAsUndefined(value) ?? '') || absentAsUndefined(value) : absentAsUndefined(value)), z.string().regex(/^\d{3,11}$/, 'Search by 3 to 11 digits of the phone number.').optional()),
  orderId: z.preprocess(absentAsUndefined, z.string().trim().regex(/^[A-Za-z0-9-]{2,20}$/, 'An order id has letters and digits only.').optional()),
});

export const dashboardRequest = z.object({
  days: z.preprocess(
    (value) => absentAsUndefined(value) ?? '30',
    z.string().regex(/^\d{1,3}$/, 'The days must be a whole number from 1 to 365.').transform(Number).refine((value) => value >= 1 && value <= 365, 'The days must be a whole number from 1 to 365.'),
  ),
});

/** A stream id in a path, as the event browser links them (`order-7KQ2M9XA`, `sku-12-M`). */
export const streamIdParameter = z.string().trim().min(1, 'The stream id is required.').max(200, 'The stream id may have at most 200 characters.');
