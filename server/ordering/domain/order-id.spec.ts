import { newOrderId, normalizeOrderId, ORDER_ID_ALPHABET } from './order-id';

describe('order ids', () => {
  it('are 8 characters without the look-alikes 0, O, 1, I and L', () => {
    for (let i = 0; i < 200; i++) expect(newOrderId()).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(ORDER_ID_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('are not sequential: a thousand draws do not repeat', () => {
    expect(new Set(Array.from({ length: 1000 }, newOrderId)).size).toBe(1000);
  });

  it('accept what a shopper types in lower case, and nothing that cannot be an id', () => {
    expect(normalizeOrderId(' k7m2p9qx ')).toBe('K7M2P9QX');
    expect(normalizeOrderId('K7M2P9Q0')).toBeNull();
    expect(normalizeOrderId(42)).toBeNull();
  });
});
