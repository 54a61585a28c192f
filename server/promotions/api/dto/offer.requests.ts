import { z } from 'zod';
import type { OfferTerms } from '../../domain/offer.events';
import { DEFAULT_DISCOUNT_PERCENT, DEFAULT_PRIZES } from '../../domain/offer.events';

const DAY = 24 * 60 * 60 * 1000;

/** The first of the given names that is present: the console sends snake_case, scripts may send camelCase. */
const pick = (body: Record<string, unknown>, ...names: string[]) => names.map((name) => body[name]).find((value) => value !== undefined);

const instant = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const time = typeof value === 'number' ? value : Date.parse(value);
    // Beyond ±8.64e15 ms a Date is invalid and toISOString throws.
    if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int({ error: message });

const prize = z.object({
  rank: wholeNumber('Each rank is a whole number.'),
  label: z.string({ error: 'A label is required.' }).trim().min(1, 'A label is required.').max(60, 'At most 60 characters.'),
  winners: wholeNumber('The number of winners is a whole number.').min(1, 'At least 1 winner.').max(1000, 'At most 1000 winners.'),
  amount: wholeNumber('The amount is a whole number of taka.').min(1, 'The amount is at least 1 taka.').max(10_000_000, 'At most 10,000,000 taka.'),
});

const terms = z.object({
  name: z.string({ error: 'The offer needs a name.' }).trim().min(1, 'The offer needs a name.').max(120, 'At most 120 characters.'),
  starts_at: instant('The start must be a date and time.'),
  ends_at: instant('The end must be a date and time.'),
  discount_percent: z.coerce
    .number({ error: 'The discount is a whole percent from 0 to 10.' })
    .int('The discount is a whole percent from 0 to 10.')
    .min(0, 'The discount is a whole percent from 0 to 10.')
    .max(10, 'The discount is a whole percent from 0 to 10.'),
  prizes: z.array(prize, { error: 'The prize table is a list of ranks.' }).min(1, 'Between 1 and 10 prize ranks.').max(10, 'Between 1 and 10 prize ranks.'),
});

/** The request's fields under their one name; absent ones left out (so the defaults apply). */
function namesOf(body: unknown): Record<string, unknown> {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const prizes = pick(source, 'prizes', 'prize_table', 'prizeTable');
  const named: Record<string, unknown> = {
    name: pick(source, 'name'),
    starts_at: pick(source, 'starts_at', 'startsAt', 'start', 'period_start'),
    ends_at: pick(source, 'ends_at', 'endsAt', 'end', 'period_end'),
    discount_percent: pick(source, 'discount_percent', 'discountPercent', 'discount'),
    prizes: Array.isArray(prizes)
      ? prizes.map((item) => {
          const p = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
          return { rank: p.rank, label: p.label, winners: pick(p, 'winners', 'count'), amount: pick(p, 'amount', 'amountTaka', 'amount_taka') };
        })
      : prizes,
  };
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined && value !== null));
}

type ParsedTerms = z.output<typeof terms>;

function toTerms(parsed: Partial<ParsedTerms>): Partial<OfferTerms> {
  const result: Partial<OfferTerms> = {};
  if (parsed.name !== undefined) result.name = parsed.name;
  if (parsed.starts_at !== undefined) result.startsAt = parsed.starts_at;
  if (parsed.ends_at !== undefined) result.endsAt = parsed.ends_at;
  if (parsed.discount_percent !== undefined) result.discountPercent = parsed.discount_percent;
  if (parsed.prizes !== undefined) result.prizes = parsed.prizes.map(({ rank, label, winners, amount }) => ({ rank, label, winners, amountTaka: amount }));
  return result;
}

/**
 * `POST /api/admin/offers`: a name is required; the period defaults to now and the next 30 days, the prize
 * table to the spec's, the discount to 10%.
 */
export function createOfferSchema(now: Date) {
  return z.preprocess(
    namesOf,
    terms
      .partial()
      .required({ name: true })
      .transform(
        (parsed): OfferTerms => ({
          name: parsed.name,
          startsAt: parsed.starts_at ?? now.toISOString(),
          endsAt: parsed.ends_at ?? new Date(now.getTime() + 30 * DAY).toISOString(),
          discountPercent: parsed.discount_percent ?? DEFAULT_DISCOUNT_PERCENT,
          prizes: parsed.prizes ? (toTerms({ prizes: parsed.prizes }).prizes ?? []) : DEFAULT_PRIZES.map((prize) => ({ ...prize })),
        }),
      ),
  );
}

/** `PATCH /api/admin/offers/{id}`: any of the terms. */
export const changeOfferSchema = z.preprocess(namesOf, terms.partial().transform(toTerms));
