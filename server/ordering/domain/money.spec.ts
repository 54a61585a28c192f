import { parseTaka, percentOf } from './money';

describe('money', () => {
  it('reads Taka from numbers and strings, refusing more than two decimals or negatives', () => {
    expect(parseTaka(60)).toBe(6000);
    expect(parseTaka('60.5')).toBe(6050);
    expect(parseTaka(' 120.00 ')).toBe(12000);
    expect(parseTaka(60.005)).toBeNull();
    expect(parseTaka('-1')).toBeNull();
    expect(parseTaka('abc')).toBeNull();
    expect(parseTaka(null)).toBeNull();
  });

  it('takes a percent rounded to the paisa', () => {
    expect(percentOf(65000, 10)).toBe(6500);
    expect(percentOf(333, 10)).toBe(33);
    expect(percentOf(335, 10)).toBe(34);
  });
});
