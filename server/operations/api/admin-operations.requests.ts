import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { normalizePhone } from '../../../contracts/phone';
import { says } from '../../common/validation/rule-message';
import { calendarDayParameter, calendarInstantParameter } from '../../common/validation/calendar-dates';

const optionalText = (name: string, max: number) =>
  z.preprocess(absentAsUndefined, z.string({ error: says('field-not-text', { field: name }) }).trim().max(max, says('field-too-long', { field: name, max })).optional());

export const browseEventsRequest = z.object({
  type: optionalText('type', 100),
  stream: optionalText('stream', 200),
  from: calendarInstantParameter('from'),
  to: calendarInstantParameter('to'),
  before: z.preprocess(
    absentAsUndefined,
    z.string().regex(/^\d{1,18}$/, says('field-whole-number', { field: 'before position' })).transform((value) => BigInt(value)).optional(),
  ),
  limit: z.preprocess(
    (value) => absentAsUndefined(value) ?? '50',
    z
      .string()
      .regex(/^\d{1,3}$/, says('field-whole-range', { field: 'limit', min: 1, max: 200 }))
      .transform(Number)
      .refine((value) => value >= 1 && value <= 200, says('field-whole-range', { field: 'limit', min: 1, max: 200 })),
  ),
});

export const listOrdersRequest = z.object({
  page: pageParameter,
  status: z.preprocess(absentAsUndefined, z.enum(['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'], { error: says('order-status-unknown') }).optional()),
  payment: z.preprocess(absentAsUndefined, z.enum(['cash', 'bkash'], { error: says('payment-filter-invalid') }).optional()),
  from: calendarDayParameter('from'),
  to: calendarDayParameter('to'),
  // A whole number in any typed form (+880, Bengali digits) becomes `01…`; a few last digits stay as they are.
  phone: z.preprocess((value) => (typeof value === 'string' ? normalizePhone(absentAsUndefined(value) ?? '') || absentAsUndefined(value) : absentAsUndefined(value)), z.string().regex(/^\d{3,11}$/, says('phone-search-invalid')).optional()),
  orderId: z.preprocess(absentAsUndefined, z.string().trim().regex(/^[A-Za-z0-9-]{2,20}$/, says('order-id-invalid')).optional()),
});

export const dashboardRequest = z.object({
  days: z.preprocess(
    (value) => absentAsUndefined(value) ?? '30',
    z
      .string()
      .regex(/^\d{1,3}$/, says('field-whole-range', { field: 'days', min: 1, max: 365 }))
      .transform(Number)
      .refine((value) => value >= 1 && value <= 365, says('field-whole-range', { field: 'days', min: 1, max: 365 })),
  ),
});

/** A stream id in a path, as the event browser links them (`order-7KQ2M9XA`, `sku-12-M`). */
export const streamIdParameter = z.string().trim().min(1, says('stream-id-required')).max(200, says('field-too-long', { field: 'stream id', max: 200 }));
