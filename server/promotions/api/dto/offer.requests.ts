import { z } from 'zod';
import { readCalendarInstant } from '../../../common/validation/calendar-dates';
import { says, saysIssue } from '../../../common/validation/rule-message';
import type { OfferTerms } from '../../domain/offer.events';
import { DEFAULT_DISCOUNT_PERCENT, DEFAULT_PRIZES, MAX_DISCOUNT_PERCENT } from '../../domain/offer.events';

const DAY = 24 * 60 * 60 * 1000;

/** The first of the given names that is present: the console sends snake_case, scripts may send camelCase. */
const pick = (body: Record<string, unknown>, ...names: string[]) => names.map((name) => body[name]).find((value) => value !== undefined);

/**
 * An instant as text (ISO) or milliseconds, read by the one rule for dates in requests (issue 27): a day the
 * calendar has, in a year from 2000 to 2999. `Date.parse` alone rolled 30 February over and let through a
 * start in the year -271821, which PostgreSQL cannot store: the offers projection then failed on it for ever.
 */
const instant = (field: string, message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    // Beyond ±8.64e15 ms a Date is invalid and toISOString throws.
    const text = typeof value === 'number' ? (Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? new Date(value).toISOString() : '') : value.trim();
    const read = readCalendarInstant(field, text);
    if ('at' in read) return read.at.toISOString();
    ctx.addIssue({ code: 'custom', message: read.problem.code === 'field-date-time-example' ? message : saysIssue(read.problem) });
    return z.NEVER;
  });

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int({ error: message });

const prize = z.object({
  rank: wholeNumber(says('prize-rank-whole')),
  label: z.string({ error: says('prize-label-required') }).trim().min(1, says('prize-label-required')).max(60, says('at-most-characters', { max: 60 })),
  winners: wholeNumber(says('prize-winners-whole')).min(1, says('prize-winners-min')).max(1000, says('prize-winners-max')),
  amount: wholeNumber(says('prize-amount-whole')).min(1, says('prize-amount-min')).max(10_000_000, says('prize-amount-max')),
});

const discountInvalid = says('offer-discount-invalid', { max: MAX_DISCOUNT_PERCENT });

const terms = z.object({
  name: z.string({ error: says('offer-name-required') }).trim().min(1, says('offer-name-required')).max(120, says('at-most-characters', { max: 120 })),
  starts_at: instant('starts_at', says('offer-start-invalid')),
  ends_at: instant('ends_at', says('offer-end-invalid')),
  discount_percent: z.coerce
    .number({ error: discountInvalid })
    .int(discountInvalid)
    .min(0, discountInvalid)
    .max(MAX_DISCOUNT_PERCENT, discountInvalid),
  prizes: z.array(prize, { error: says('prizes-not-list') }).min(1, says('prize-ranks-count')).max(10, says('prize-ranks-count')),
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
