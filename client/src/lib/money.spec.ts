import { setLocale } from './i18n/locale';
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

describe('formatMoney in Bengali mode', () => {
  beforeAll(async () => {
    // The catalog import needs no window; only the switch's storage and <html lang> do, and they are guarded.
    await setLocale('bn', { remember: false });
  });
  afterAll(async () => {
    await setLocale('en', { remember: false });
  });

  it('writes Bengali digits with Bangladeshi (lakh) grouping', () => {
    expect(formatMoney(125000, '৳')).toBe('৳ ১,২৫,০০০.০০');
    expect(formatMoney('450.5')).toBe('৳ ৪৫০.৫০');
    expect(formatMoney(12345678.9)).toBe('৳ ১,২৩,৪৫,৬৭৮.৯০');
  });

  it('shows the taka sign for a currency written in Latin letters', () => {
    expect(formatMoney(10, 'Tk')).toBe('৳ ১০.০০');
  });
});
