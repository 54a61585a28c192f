import { fakeWindowWithList, removeFakeWindow } from '../../lib/testing/fake-window';
import { addToWishlist } from './wishlist-store';

const setup = (stored: unknown[] = []) => fakeWindowWithList('wishlist', stored);

const tee = { id: 4, name: 'Polo', slug: 'polo', thumbnail: '/p.svg', currency: '৳', price: 900, old_price: null };

afterEach(removeFakeWindow);

describe('wishlist', () => {
  it('stores the whole product and fires wishlist-updated', () => {
    const { storage, events } = setup();
    expect(addToWishlist(tee)).toEqual({ kind: 'added' });
    expect(JSON.parse(storage.get('wishlist')!)).toEqual([tee]);
    expect(events).toEqual(['wishlist-updated']);
  });

  it('keeps products unique by id with the §5 message', () => {
    const { events } = setup([tee]);
    expect(addToWishlist({ ...tee, name: 'Polo' })).toEqual({ kind: 'duplicate', title: 'Already in Wishlist', message: 'Polo is already in your wishlist.' });
    expect(events).toEqual([]);
  });
});
