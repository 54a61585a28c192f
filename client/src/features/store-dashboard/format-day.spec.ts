import { formatDay } from './format-day';

describe('chart day labels', () => {
  it('reads a day as "25 Nov", with the year where asked, never as MM-DD', () => {
    expect(formatDay('2026-11-25')).toBe('25 Nov');
    expect(formatDay('2026-01-05', true)).toBe('5 Jan 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
