import { isEmail, toQuantity } from './digits';

describe('form value rules', () => {
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

describe('Bengali digits in number boxes (issue 18)', () => {
  it('reads a quantity typed in Bengali digits', () => {
    expect(toQuantity('৩')).toBe(3);
    expect(toQuantity('১২')).toBe(12);
    expect(toQuantity('০')).toBe(1);
  });
});
