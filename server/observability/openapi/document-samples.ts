import type { RouteSamples } from './api-route';

/**
 * The fixed values the document's examples are written with: the demo store's own (`npm start` seeds them),
 * so an example copied from /api/docs works against it.
 */
export const DOCUMENT_SAMPLES: RouteSamples = {
  product: { id: 1, slug: 'men-royal-bengal-tiger-tee', size: 'M' },
  category: { id: 2, slug: 'men-graphic-tees', parentSlug: 'men' },
  draftProductId: 1,
  order: { id: '7KQ2M9XA', phone: '01711111111' },
  brandId: 1,
  couponCode: 'WELCOME10',
  offerId: '7KQ2MX',
  deliveryCharge: 70,
  email: (name) => `${name}@example.com`,
  phone: () => '01711111111',
  fresh: (text) => text,
};
