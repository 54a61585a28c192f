import { isClientRoute } from './client-routes';

describe('isClientRoute', () => {
  it.each(['/', '/shop', '/shop/', '/product-details/classic-tee', '/verify/ABCD1234/01712345678', '/admin', '/admin/orders/ABCD1234', '/siteMap', '/sitemap', '/SHOP'])(
    'knows %s',
    (path) => expect(isClientRoute(path)).toBe(true),
  );

  it.each(['/no-such-page', '/product-details', '/product-details/a/b', '/shop/extra', '/administrator', '/order-details/'])(
    'does not know %s',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});
