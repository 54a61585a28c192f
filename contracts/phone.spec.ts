import { asciiDigits, isMobilePhone, mobilePhoneOf, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['+880 1712-345678', '01712345678'],
    ['+88 017 1234 5678', '01712345678'],
    ['00880 1712 345678', '01712345678'],
    ['017-1234-5678', '01712345678'],
    ['(017) 12.34.56.78', '01712345678'],
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০ ১৭১২-৩৪৫৬৭৮', '01712345678'],
    ['1712345678', '01712345678'],
  ])('reads %s as %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
    expect(isMobilePhone(normalizePhone(typed))).toBe(true);
  });

  it('keeps every digit of a number that is not a Bangladeshi mobile number, so it can be refused', () => {
    expect(normalizePhone('+88017123456789')).toBe('88017123456789');
    expect(normalizePhone('0171234567')).toBe('0171234567');
    expect(mobilePhoneOf('0171234567')).toBeNull();
    expect(mobilePhoneOf('01212345678')).toBeNull();
    expect(mobilePhoneOf('+1 415 555 0100')).toBeNull();
  });

  it.each(['01712345678abc', '017O2345678', 'O1712345678', '01712345678 ext', '0171234567#8', '01712_345678', '+880+1712345678', '01712345678+'])(
    'refuses %s: letters and other signs are not separators',
    (typed) => {
      expect(mobilePhoneOf(typed)).toBeNull();
      expect(isMobilePhone(normalizePhone(typed))).toBe(false);
    },
  );

  it('reads non-text as empty and numbers as their digits', () => {
    expect(normalizePhone(undefined)).toBe('');
    expect(normalizePhone(null)).toBe('');
    expect(normalizePhone({ phone: '01712345678' })).toBe('');
    expect(normalizePhone(1712345678)).toBe('01712345678');
  });

  it('turns Bengali digits into ASCII digits and leaves other text alone', () => {
    expect(asciiDigits('অর্ডার ১২৩')).toBe('অর্ডার 123');
  });
});
