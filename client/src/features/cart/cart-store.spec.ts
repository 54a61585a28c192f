import { cartSubtotal, discountAmount, duplicateMessage, findLine, parseCart, removeLine, setLineQty, type CartLine } from './cart-store';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({ id: 1, name: 'Tee', size: 'M', price: 650, slug: 'tee', qty: 1, thumbnail: '/t.svg', ...overrides });

describe('cart lines', () => {
  it('reads stored lines, uppercasing sizes and keeping quantities at least 1', () => {
    expect(parseCart([{ id: '3', name: 'X', size: 'xl', price: '450', slug: 'x', qty: 0, thumbnail: 't' }, 'junk', null])).toEqual([
      { id: 3, name: 'X', size: 'XL', price: 450, slug: 'x', qty: 1, thumbnail: 't' },
    ]);
    expect(parseCart({ not: 'a list' })).toEqual([]);
  });

  it('keeps the offer coupon code on a line', () => {
    expect(parseCart([{ ...line(), coupon_code: 'LUCKY' }])[0]?.coupon_code).toBe('LUCKY');
  });

  it('finds the same product and size whatever the case', () => {
    expect(findLine([line()], 1, 'm')).toBeDefined();
    expect(findLine([line()], 1, 'L')).toBeUndefined();
    expect(duplicateMessage(1, 'M')).toBe('This product (ID: 1, Size: M) is already in the cart.');
  });

  it('never sets a quantity below 1 and removes only the named line', () => {
    expect(setLineQty([line()], 1, 'M', 0)[0]?.qty).toBe(1);
    expect(setLineQty([line()], 1, 'M', 3)[0]?.qty).toBe(3);
    expect(removeLine([line(), line({ size: 'L' })], 1, 'M')).toEqual([line({ size: 'L' })]);
  });

  it('adds up line totals and takes the discount as a percent of the subtotal', () => {
    const subtotal = cartSubtotal([line({ qty: 2 }), line({ id: 2, price: 99.5 })]);
    expect(subtotal).toBe(1399.5);
    expect(discountAmount(subtotal, 10)).toBe(139.95);
  });
});
