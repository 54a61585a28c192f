import { ApiError } from '../../lib/api-client';
import { fakeWindowWithList, removeFakeWindow } from '../../lib/testing/fake-window';
import { addToCart } from './add-to-cart';

function setup(stored: unknown[] = []) {
  const { storage, events } = fakeWindowWithList('cart', stored);
  const stockCalls: unknown[] = [];
  return { storage, events, stockCalls, inStock: async (p: unknown) => (stockCalls.push(p), { success: true }) };
}

const product = { id: 7, name: 'Tee', slug: 'tee', price: 650, thumbnail: '/t.svg', currency: '৳' };

afterEach(removeFakeWindow);

describe('adding to the cart', () => {
  it('asks for a size before anything else', async () => {
    const { stockCalls, inStock } = setup();
    expect(await addToCart({ product, size: '', qty: 1 }, inStock)).toEqual({ kind: 'size-missing' });
    expect(stockCalls).toEqual([]);
  });

  it('checks stock for the uppercased size and quantity, then saves the line and fires cart-updated', async () => {
    const { storage, events, stockCalls, inStock } = setup();
    const outcome = await addToCart({ product, size: 'm', qty: 2 }, inStock);
    expect(outcome.kind).toBe('added');
    expect(stockCalls).toEqual([{ product_id: 7, slug: 'tee', size: 'M', qty: 2 }]);
    expect(JSON.parse(storage.get('cart')!)).toEqual([{ id: 7, name: 'Tee', size: 'M', price: 650, slug: 'tee', qty: 2, thumbnail: '/t.svg', currency: '৳' }]);
    expect(events).toEqual(['cart-updated']);
  });

  it('reports the server message when the stock check answers 404, and saves nothing', async () => {
    const { storage, events } = setup();
    const outOfStock = async () => {
      throw new ApiError(404, { message: 'Only 1 left.' }, 'Only 1 left.');
    };
    expect(await addToCart({ product, size: 'M', qty: 5 }, outOfStock)).toEqual({ kind: 'out-of-stock', message: 'Only 1 left.' });
    expect(storage.get('cart')).toBe('[]');
    expect(events).toEqual([]);
  });

  it('refuses the same product and size with the §5 message, after the stock check', async () => {
    const { stockCalls, inStock } = setup([{ id: 7, name: 'Tee', size: 'M', price: 650, slug: 'tee', qty: 1, thumbnail: '' }]);
    expect(await addToCart({ product, size: 'm', qty: 1 }, inStock)).toEqual({
      kind: 'duplicate',
      message: 'This product (ID: 7, Size: M) is already in the cart.',
    });
    expect(stockCalls).toHaveLength(1);
  });

  it('attaches the offer coupon code to the line', async () => {
    const { storage, inStock } = setup();
    await addToCart({ product, size: 'L', qty: 1, couponCode: 'LUCKY-DRAW' }, inStock);
    expect(JSON.parse(storage.get('cart')!)[0].coupon_code).toBe('LUCKY-DRAW');
  });
});
