import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';

const optionalText = (name: string, max: number) =>
  z.preprocess(absentAsUndefined, z.string({ error: `The ${name} must be text.` }).trim().max(max, `The ${name} may have at most ${max} characters.`).optional());

export const listStockRequest = z.object({
  page: pageParameter,
  search: optionalText('search', 100),
  low: z.preprocess((value) => absentAsUndefined(value) ?? 'false', z.enum(['true', 'false', '1', '0'], { error: 'The low filter must be true or false.' })).transform((value) => value === 'true' || value === '1'),
});

const productId = z.coerce.number({ error: 'The productId must be a whole number.' }).int('The productId must be a whole number.').positive('The productId must be a whole number.')
  // Product ids are PostgreSQL integers: a larger one is no product (and would fail in SQL with a 500).
  .max(2_147_483_647, 'The productId is not known.');
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
