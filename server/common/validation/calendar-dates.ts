import { z } from 'zod';
import type { FieldIssue } from '../errors/domain-error';
import { absentAsUndefined } from './query-parameters';
import { saysIssue, says } from './rule-message';

/**
 * The one rule for every date and time a request names (issue 27). `Date.parse` rolls an impossible day over
 * (`2026-02-30` is 2 March) and accepts years PostgreSQL cannot store (`-271821-04-20`), so a filter passed it
 * and the database answered 500. Here a date is written the ISO way, is a day of the calendar, and falls in a
 * year a shop's records can hold.
 */
export const CALENDAR_YEARS = { min: 2000, max: 2999 } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A day, then optionally a time of day (T or a space) with seconds and fractions, then optionally Z or ±hh:mm.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The problem of a written day's year, month and day, or undefined when the calendar has that day. */
function calendarProblem(field: string, year: number, month: number, day: number): FieldIssue | undefined {
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max) return { code: 'field-date-year-range', params: { field, ...CALENDAR_YEARS } };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { code: 'field-day-missing', params: { field } };
  return undefined;
}

/** `YYYY-MM-DD` that the calendar has, in a year from 2000 to 2999: the text itself, or the problem. */
export function readCalendarDay(field: string, text: string): { day: string } | { problem: FieldIssue } {
  const match = DAY.exec(text);
  if (!match) return { problem: { code: 'field-day-format', params: { field } } };
  const problem = calendarProblem(field, Number(match[1]), Number(match[2]), Number(match[3]));
  return problem ? { problem } : { day: text };
}

/**
 * An instant: `YYYY-MM-DD`, or with a time `YYYY-MM-DDThh:mm[:ss[.fff]]` (T or a space) and optionally `Z`
 * or an offset, read as `Date.parse` reads it. The day must exist and the time be a time of day.
 */
export function readCalendarInstant(field: string, text: string): { at: Date } | { problem: FieldIssue } {
  const match = INSTANT.exec(text);
  if (!match) return { problem: { code: 'field-date-time-example', params: { field } } };
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  const problem = calendarProblem(field, Number(year), Number(month), Number(day));
  if (problem) return { problem };
  const offsetHours = zone && zone !== 'Z' ? Number(zone.slice(1, 3)) : 0;
  const offsetMinutes = zone && zone !== 'Z' ? Number(zone.slice(-2)) : 0;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || offsetHours > 14 || offsetMinutes > 59) {
    return { problem: { code: 'field-date-time-example', params: { field } } };
  }
  // Every part is now in range, so Date.parse reads the text as it always did (and never rolls it over).
  return { at: new Date(Date.parse(text.replace(' ', 'T'))) };
}

/** A query parameter holding a day (`?from=2026-11-22`): absent or empty is undefined, the text when valid. */
export const calendarDayParameter = (field: string) =>
  z.preprocess(
    absentAsUndefined,
    z
      .string({ error: says('field-day-format', { field }) })
      .transform((value, ctx) => {
        const read = readCalendarDay(field, value);
        if ('day' in read) return read.day;
        ctx.addIssue({ code: 'custom', message: saysIssue(read.problem) });
        return z.NEVER;
      })
      .optional(),
  );

/** A query parameter holding an instant (`?from=2026-11-22T10:00`): absent or empty is undefined, the Date when valid. */
export const calendarInstantParameter = (field: string) =>
  z.preprocess(
    absentAsUndefined,
    z
      .string({ error: says('field-date-time', { field }) })
      .transform((value, ctx) => {
        const read = readCalendarInstant(field, value);
        if ('at' in read) return read.at;
        ctx.addIssue({ code: 'custom', message: saysIssue(read.problem) });
        return z.NEVER;
      })
      .optional(),
  );
