import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { says } from '../../common/validation/rule-message';

const optionalText = (name: string, max: number) =>
  z.preprocess(absentAsUndefined, z.string({ error: says('field-not-text', { field: name }) }).trim().max(max, says('field-too-long', { field: name, max })).optional());

export const listStockRequest = z.object({
  page: pageParameter,
  search: optionalText('search', 100),
  low: z.preprocess((value) => absentAsUndefined(value) ?? 'false', z.enum(['true', 'false', '1', '0'], { error: says('low-filter-invalid') })).transform((value) => value === 'true' || value === '1'),
});

const productIdNumber = says('field-whole-number', { field: 'productId' });
const productId = z.coerce
  .number({ error: productIdNumber })
  .int(productIdNumber)
  .positive(productIdNumber)
  // Product ids are PostgreSQL integers: a larger one is no product (and would fail in SQL with a 500).
  .max(2_147_483_647, says('field-unknown-id', { field: 'productId' }));
const size = z
  .string({ error: says('field-missing', { field: 'size' }) })
  .trim()
  .min(1, says('field-missing', { field: 'size' }))
  .max(10, says('field-too-long', { field: 'size', max: 10 }));

export const receiveStockRequest = z.object({
  productId,
  size,
  quantity: z.coerce
    .number({ error: says('field-whole-number', { field: 'quantity' }) })
    .int(says('field-whole-number', { field: 'quantity' }))
    .min(1, says('field-at-least', { field: 'quantity', min: 1 }))
    .max(100_000, says('field-may-be-at-most', { field: 'quantity', max: 100_000 })),
  note: optionalText('note', 500),
});

export const adjustStockRequest = z.object({
  productId,
  size,
  delta: z.coerce
    .number({ error: says('field-whole-number', { field: 'delta' }) })
    .int(says('field-whole-number', { field: 'delta' }))
    .refine((value) => value !== 0 && Math.abs(value) <= 100_000, says('delta-invalid')),
  reason: z
    .string({ error: says('field-missing', { field: 'reason' }) })
    .trim()
    .min(3, says('reason-too-short'))
    .max(500, says('field-too-long', { field: 'reason', max: 500 })),
});
