import { issueOfRuleMessage } from './rule-message';
import { calendarDayParameter, calendarInstantParameter, readCalendarDay, readCalendarInstant } from './calendar-dates';

const problemOf = (read: object) => ('problem' in read ? (read as { problem: { code: string } }).problem.code : undefined);

describe('calendar dates (the one rule for dates in requests)', () => {
  it('refuses days the calendar does not have, which Date.parse rolls over', () => {
    for (const impossible of ['2026-02-30', '2026-02-29', '2026-13-45', '2026-00-10', '2026-04-31', '2026-01-00']) {
      expect(problemOf(readCalendarDay('from', impossible))).toBe('field-day-missing');
    }
    expect(readCalendarDay('from', '2028-02-29')).toEqual({ day: '2028-02-29' });
    expect(readCalendarDay('from', '2026-12-31')).toEqual({ day: '2026-12-31' });
  });

  it('refuses absurd years, which PostgreSQL cannot store or no shop has', () => {
    for (const absurd of ['0001-01-01', '1066-10-14', '9999-12-31', '3000-01-01']) expect(problemOf(readCalendarDay('from', absurd))).toBe('field-date-year-range');
    for (const absurd of ['-271821-04-20', '+275760-09-13', '-001000-01-01T00:00Z', '0000-01-01T00:00:00Z']) {
      expect(['field-date-year-range', 'field-date-time-example']).toContain(problemOf(readCalendarInstant('from', absurd)));
    }
    expect(problemOf(readCalendarDay('from', '-271821-04-20'))).toBe('field-day-format');
  });

  it('refuses times of day that are not, and anything but the ISO forms', () => {
    for (const bad of ['2026-11-22T24:00', '2026-11-22T10:60', '2026-11-22T10:00:61', '2026-11-22T10:00+15:00', '2026-11-22T10:00+06:75', 'Nov 22 2026', 'yesterday', '1795341600000', '2026-11-22T10']) {
      expect(problemOf(readCalendarInstant('from', bad))).toBe('field-date-time-example');
    }
    expect(problemOf(readCalendarInstant('from', '2026-02-30T10:00'))).toBe('field-day-missing');
  });

  it('reads a valid instant as Date.parse does', () => {
    for (const text of ['2026-11-22', '2026-11-22T10:00', '2026-11-22T10:00:30.123Z', '2026-11-22T10:00+06:00', '2026-11-22T04:00:00.000Z']) {
      const read = readCalendarInstant('from', text);
      expect('at' in read && read.at.getTime()).toBe(Date.parse(text));
    }
    const spaced = readCalendarInstant('from', '2026-11-22 10:00');
    expect('at' in spaced && spaced.at.getTime()).toBe(Date.parse('2026-11-22T10:00'));
  });

  it('as query parameters: empty or absent is no filter, a problem names its field and code', () => {
    expect(calendarDayParameter('from').parse('')).toBeUndefined();
    expect(calendarInstantParameter('to').parse(undefined)).toBeUndefined();
    expect(calendarInstantParameter('to').parse('2026-11-22T10:00Z')).toEqual(new Date('2026-11-22T10:00Z'));
    const failed = calendarDayParameter('from').safeParse('2026-02-30');
    expect(failed.success).toBe(false);
    expect(issueOfRuleMessage(failed.error!.issues[0]!.message)).toEqual({ code: 'field-day-missing', params: { field: 'from' } });
    const array = calendarDayParameter('from').safeParse(['2026-01-01', '2026-01-02']);
    expect(issueOfRuleMessage(array.error!.issues[0]!.message).code).toBe('field-day-format');
  });
});
