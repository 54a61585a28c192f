import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows the currency symbol from settings and two decimals', () => {
    expect(formatMoney(450, '৳')).toBe('৳ 450.00');
    expect(formatMoney('450.5', 'Tk')).toBe('Tk 450.50');
  });

  it('falls back to the taka sign when no currency is known', () => {
    expect(formatMoney(99.9)).toBe('৳ 99.90');
    expect(formatMoney(99.9, '  ')).toBe('৳ 99.90');
    expect(formatMoney(99.9, null)).toBe('৳ 99.90');
  });

  it('reads amounts the API sends as strings with thousands separators', () => {
    expect(formatMoney('1,200.00', '৳')).toBe('৳ 1200.00');
  });

  it('rounds half-paisa amounts up rather than down', () => {
    expect(formatMoney(1.005, '৳')).toBe('৳ 1.01');
    expect(formatMoney(-2.675, '৳')).toBe('৳ -2.68');
  });

  it('shows unreadable amounts as zero instead of NaN', () => {
    expect(formatMoney(undefined, '৳')).toBe('৳ 0.00');
    expect(formatMoney('abc', '৳')).toBe('৳ 0.00');
    expect(formatMoney(Number.NaN, '৳')).toBe('৳ 0.00');
  });
});
