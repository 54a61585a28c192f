import { isEmail, phoneDigits, toQuantity } from './digits';

describe('form value rules', () => {
  it('keeps only digits in phone fields, at most 11', () => {
    expect(phoneDigits('017-1111 1111 99')).toBe('01711111111');
    expect(phoneDigits('abc')).toBe('');
  });

  it('turns a non-number, zero or negative quantity into 1', () => {
    expect(toQuantity('x')).toBe(1);
    expect(toQuantity('0')).toBe(1);
    expect(toQuantity(-3)).toBe(1);
    expect(toQuantity('4')).toBe(4);
  });

  it('accepts a simple e-mail format only', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.d')).toBe(false);
  });
});
