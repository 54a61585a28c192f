import { showingRange, toProductPage } from './product-page';

const card = (id: number) => ({ id, slug: `p${id}`, name: 'P', fullname: 'P', sku: 'S', thumbnail: '', price: 1, old_price: null, currency: '৳', badge: null, name_bn: null, badge_bn: null });

describe('product page range', () => {
  it('shows the positions of the first and last product of a middle page', () => {
    const page = toProductPage({ data: Array.from({ length: 20 }, (_, i) => card(i)), current_page: 2, last_page: 4, total: 64, per_page: 20 }, 2);
    expect(showingRange(page)).toEqual({ first: 21, last: 40, total: 64 });
  });

  it('ends at the total on the last page', () => {
    const page = toProductPage({ data: [card(1), card(2), card(3), card(4)], current_page: 4, last_page: 4, total: 64, per_page: 20 }, 4);
    expect(showingRange(page)).toEqual({ first: 61, last: 64, total: 64 });
  });

  it('shows zeros for an empty result and fills in missing fields', () => {
    const page = toProductPage(undefined, 1);
    expect(page).toEqual({ data: [], current_page: 1, last_page: 1, total: 0, per_page: 20 });
    expect(showingRange(page)).toEqual({ first: 0, last: 0, total: 0 });
  });
});
